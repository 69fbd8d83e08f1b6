import type { DraftStorage } from "../../shared/draft-storage";
import { pageModeMachine, type PageModeContext, type PageValues } from "../../shared/machines/page-mode.machine";

export interface NgoFormValues {
  name: string;
  shortName: string;
  organizer: boolean;
  isActive: boolean;
}

export type NgoField = keyof NgoFormValues;

/** A new NGO starts active and not organizing: most NGOs join to observe. */
export const EMPTY_NGO_FORM: NgoFormValues = { name: "", shortName: "", organizer: false, isActive: true };

/** The page machine's blank draft for an NGO. */
export const ngoBlankDraft: PageValues = { ...EMPTY_NGO_FORM };

/** Spec: name and shortName need at least one non-blank character; the flags always have a value. */
export function ngoFormProblems(values: NgoFormValues): Partial<Record<NgoField, "required">> {
  const problems: Partial<Record<NgoField, "required">> = {};
  if (values.name.trim() === "") problems.name = "required";
  if (values.shortName.trim() === "") problems.shortName = "required";
  return problems;
}

/** The machine's draft, typed: its fields are the NGO form's (the blank draft says so). */
export const ngoDraftOf = (context: Pick<PageModeContext, "draft">) => context.draft as unknown as NgoFormValues;

/** One kept draft per route, like the observer's: `ngo-draft:new` or `ngo-draft:edit:<id>`. */
export function ngoDraftStorage(storage: Storage, id: number | null): DraftStorage {
  return { storage, key: id === null ? "ngo-draft:new" : `ngo-draft:edit:${id}`, fields: Object.keys(EMPTY_NGO_FORM) };
}

/** The page-mode machine with the NGO rules: Save is taken only for a valid draft. */
export const ngoPageLogic = pageModeMachine.provide({
  guards: { isDraftValid: ({ context }) => Object.keys(ngoFormProblems(ngoDraftOf(context))).length === 0 },
});
