import { createStore } from "@xstate/store";
import type { FormSummary, FullForm } from "./details.types";

export interface FormsStoreContext {
  /** The forms' metadata (listForms): the tab titles come from it. */
  items: FormSummary[];
  /** Full forms (getForm) by form id: each is fetched once, on its tab's first selection. */
  fullyLoaded: Record<number, FullForm>;
}

/**
 * The spec's form store. One per answers page: it lives while the pane moves from thread to thread, so a form
 * opened in one thread opens at once in the next, and a later visit (after an edit in the form editor) starts fresh.
 */
export function createFormsStore() {
  const context: FormsStoreContext = { items: [], fullyLoaded: {} };
  return createStore({
    context,
    on: {
      itemsLoaded: (context, event: { items: FormSummary[] }) => ({ ...context, items: event.items }),
      formLoaded: (context, event: { form: FullForm }) =>
        context.fullyLoaded[event.form.id] === event.form
          ? context
          : { ...context, fullyLoaded: { ...context.fullyLoaded, [event.form.id]: event.form } },
    },
  });
}

export type FormsStore = ReturnType<typeof createFormsStore>;

type FormsSnapshot = { context: FormsStoreContext };

export const selectFullForm = (formId: number | null) => (snapshot: FormsSnapshot) =>
  formId === null ? undefined : snapshot.context.fullyLoaded[formId];
