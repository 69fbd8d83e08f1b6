import type { DraftStorage } from "../../shared/draft-storage";
import { pageModeMachine, type PageModeContext, type PageValues } from "../../shared/machines/page-mode.machine";
import { EMPTY_OBSERVER_FORM, validateObserverForm, type ObserverFormValues } from "./observer-profile.form";

/** One draft per route: `observer-draft:new` or `observer-draft:edit:<id>`. */
export function observerDraftKey(id: number | null): string {
  return id === null ? "observer-draft:new" : `observer-draft:edit:${id}`;
}

/** What a kept draft holds: everything but the PIN, a secret that must not sit in storage. */
export function observerDraftStorage(storage: Storage, id: number | null): DraftStorage {
  return { storage, key: observerDraftKey(id), fields: ["name", "phone"] };
}

/** The machine's draft, typed: its fields are the observer form's (the blank draft says so). */
export const observerDraftOf = (context: Pick<PageModeContext, "draft">) => context.draft as unknown as ObserverFormValues;

/** The observer rules on a draft; the PIN is required only when adding (no id yet). */
export const observerProblemsOf = (context: Pick<PageModeContext, "draft" | "id">) =>
  validateObserverForm(observerDraftOf(context), context.id === null);

/** The page-mode machine with the observer's blank draft rules: Save is taken only for a valid draft. */
export const observerPageLogic = pageModeMachine.provide({
  guards: { isDraftValid: ({ context }) => Object.keys(observerProblemsOf(context)).length === 0 },
});

export const observerBlankDraft: PageValues = { ...EMPTY_OBSERVER_FORM };
