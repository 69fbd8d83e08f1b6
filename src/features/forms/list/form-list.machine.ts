import { assign, forwardTo, fromPromise, sendTo, setup } from "xstate";
import { toLoadFailure, type LoadFailure } from "../../../shared/machines/load-failure";
import { formOrderMachine } from "./form-order.machine";

/** What a row shows of a form (listForms' summary fields). */
export interface FormListItem {
  id: number;
  code: string;
  description: string;
  diaspora: boolean;
  draft: boolean;
}

export interface FormListInput {
  pageSize: number;
  /** Only organizers may reorder: for others a move is never forwarded. */
  reorderable: boolean;
}

export interface FormListContext {
  /** Every form, as the last load answered them (the server's order); the order child holds the order shown. */
  forms: FormListItem[];
  page: number;
  pageSize: number;
  reorderable: boolean;
  error: LoadFailure | null;
}

export type FormListEvent =
  | { type: "list.retry" }
  | { type: "list.reload" }
  | { type: "page.next" }
  | { type: "page.previous" }
  | { type: "order.move"; from: number; to: number };

/** The last page that holds rows (page 1 when there are none). */
const lastPage = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));

export const formListMachine = setup({
  types: {
    context: {} as FormListContext,
    events: {} as FormListEvent,
    input: {} as FormListInput,
    children: {} as { order: "order" },
    tags: {} as "busy" | "refreshing",
  },
  actors: {
    loadForms: fromPromise<FormListItem[]>(() => Promise.reject(new Error("loadForms is not provided"))),
    order: formOrderMachine,
  },
  guards: {
    hasNextPage: ({ context }) => context.page * context.pageSize < context.forms.length,
    hasPreviousPage: ({ context }) => context.page > 1,
    isReorderable: ({ context }) => context.reorderable,
  },
  actions: {
    keepForms: assign(({ context }, params: { forms: FormListItem[] }) => ({
      forms: params.forms,
      page: Math.min(context.page, lastPage(params.forms.length, context.pageSize)),
      error: null,
    })),
    showServerOrder: sendTo("order", (_, params: { forms: FormListItem[] }) => ({
      type: "order.load" as const,
      ids: params.forms.map((form) => form.id),
    })),
  },
}).createMachine({
  id: "formList",
  description:
    "The forms list: every form loaded at once and shown ten to a page; the order child keeps the order shown and saves each move on the server.",
  context: ({ input }) => ({ forms: [], page: 1, pageSize: input.pageSize, reorderable: input.reorderable, error: null }),
  invoke: { id: "order", src: "order" },
  initial: "loading",
  states: {
    loading: {
      tags: "busy",
      invoke: {
        id: "loadForms",
        src: "loadForms",
        onDone: {
          target: "ready",
          actions: [
            { type: "keepForms", params: ({ event }) => ({ forms: event.output }) },
            { type: "showServerOrder", params: ({ event }) => ({ forms: event.output }) },
          ],
        },
        onError: { target: "failed", actions: assign({ error: ({ event }) => toLoadFailure(event.error) }) },
      },
    },
    ready: {
      initial: "shown",
      states: {
        shown: {
          on: {
            "list.reload": "reloading",
            "order.move": { guard: "isReorderable", actions: forwardTo("order") },
          },
        },
        reloading: {
          tags: "refreshing",
          description:
            "After a delete or on request: the rows stay on screen while every form loads again. No move is taken meanwhile, so a saved order never names a form that is gone. A failed reload keeps the rows.",
          on: { "list.reload": { target: "reloading", reenter: true } },
          invoke: {
            id: "reloadForms",
            src: "loadForms",
            onDone: {
              target: "shown",
              actions: [
                { type: "keepForms", params: ({ event }) => ({ forms: event.output }) },
                { type: "showServerOrder", params: ({ event }) => ({ forms: event.output }) },
              ],
            },
            onError: "shown",
          },
        },
      },
      on: {
        "page.next": { guard: "hasNextPage", actions: assign({ page: ({ context }) => context.page + 1 }) },
        "page.previous": { guard: "hasPreviousPage", actions: assign({ page: ({ context }) => context.page - 1 }) },
      },
    },
    failed: {
      on: { "list.retry": "loading", "list.reload": "loading" },
    },
  },
});
