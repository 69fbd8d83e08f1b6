import type { DraftStorage } from "../../../shared/draft-storage";
import { pageModeMachine, type PageModeContext, type PageValues } from "../../../shared/machines/page-mode.machine";
import { EMPTY_STATION_FORM, validateStationForm, type StationFormValues } from "./station-form";

/** One draft per route: `station-draft:new` or `station-draft:edit:<id>`. */
export function stationDraftStorage(storage: Storage, id: number | null): DraftStorage {
  return { storage, key: id === null ? "station-draft:new" : `station-draft:edit:${id}`, fields: Object.keys(EMPTY_STATION_FORM) };
}

/** The machine's draft, typed: its fields are the station form's (the blank draft says so). */
export const stationDraftOf = (context: Pick<PageModeContext, "draft">) => context.draft as unknown as StationFormValues;

export const stationProblemsOf = (context: Pick<PageModeContext, "draft">) => validateStationForm(stationDraftOf(context));

/** The page-mode machine with the station's rules: Save is taken only for a valid draft. */
export const stationPageLogic = pageModeMachine.provide({
  guards: { isDraftValid: ({ context }) => Object.keys(stationProblemsOf(context)).length === 0 },
});

/** Every fact empty, and the status a loaded station carries (kept as it is by an edit; none for a new station). */
export const stationBlankDraft: PageValues = { ...EMPTY_STATION_FORM, status: "" };
