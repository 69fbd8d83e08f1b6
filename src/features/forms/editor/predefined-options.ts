import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { FormCommand } from "./form-editor.commands";

/** Ticks in the predefined-options dialog, remembered between visits (the original product's key). */
export const SELECTED_PREDEFINED_OPTIONS_KEY = "selectedPredefinedOptions";

export interface PredefinedOption {
  id: string;
  /** Translated when added, into the language the editor is shown in. */
  text: MessageDescriptor | string;
}

export interface PredefinedGroup {
  id: string;
  label: MessageDescriptor;
  options: PredefinedOption[];
}

export const PREDEFINED_GROUPS: PredefinedGroup[] = [
  {
    id: "confirmation",
    label: msg({ message: "Confirmation", comment: "Predefined options: yes, no, don't know" }),
    options: [
      { id: "yes", text: msg({ message: "Yes", comment: "A predefined answer option" }) },
      { id: "no", text: msg({ message: "No", comment: "A predefined answer option" }) },
      { id: "dontKnow", text: msg({ message: "Don't know", comment: "A predefined answer option" }) },
    ],
  },
  {
    id: "rating",
    label: msg({ message: "Rating", comment: "Predefined options: a scale from 1 to 5" }),
    options: ["1", "2", "3", "4", "5"].map((value) => ({ id: `rating${value}`, text: value })),
  },
];

const knownIds = new Set(PREDEFINED_GROUPS.flatMap((group) => group.options.map((option) => option.id)));

/** The ticks remembered in storage; anything unreadable or unknown counts as not ticked. */
export function readSelectedPredefined(storage: Pick<Storage, "getItem">): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(SELECTED_PREDEFINED_OPTIONS_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string" && knownIds.has(id)) : [];
  } catch {
    return [];
  }
}

export function writeSelectedPredefined(storage: Pick<Storage, "setItem">, ids: readonly string[]): void {
  storage.setItem(SELECTED_PREDEFINED_OPTIONS_KEY, JSON.stringify(ids.filter((id) => knownIds.has(id))));
}

/**
 * The command that adds the ticked options to a question, in the dialog's order, translated; options whose text
 * the question already has are skipped by the command itself.
 */
export function addPredefinedOptions(
  question: string,
  ticked: readonly string[],
  translate: (text: MessageDescriptor) => string,
  makeKey: () => string,
): FormCommand {
  const options = PREDEFINED_GROUPS.flatMap((group) => group.options)
    .filter((option) => ticked.includes(option.id))
    .map((option) => ({ key: makeKey(), text: typeof option.text === "string" ? option.text : translate(option.text) }));
  return { type: "option.addMany", question, options };
}
