import { describe, expect, it } from "vitest";
import type { MessageDescriptor } from "@lingui/core";
import { applyCommand } from "./form-editor.commands";
import type { FormDocument } from "./form-document";
import { addPredefinedOptions, readSelectedPredefined, SELECTED_PREDEFINED_OPTIONS_KEY, writeSelectedPredefined } from "./predefined-options";

const romanian: Record<string, string> = { Yes: "Da", No: "Nu", "Don't know": "Nu știu" };
const translate = (text: MessageDescriptor) => romanian[text.message ?? ""] ?? text.message ?? "";

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

const document: FormDocument = {
  code: "A",
  description: "A",
  diaspora: false,
  sections: [{ key: "s", code: "S", description: "S", questions: [{ key: "q", code: "Q", text: "Q", questionType: 1, options: [{ key: "o", text: "Da", isFreeText: false, flagged: false }] }] }],
};

describe("predefined options", () => {
  it("adds the ticked options in the dialog's order, translated, skipping a text the question has", () => {
    let next = 0;
    const command = addPredefinedOptions("q", ["rating2", "no", "yes", "dontKnow"], translate, () => `k${next++}`);
    const options = applyCommand(document, command).sections[0]!.questions[0]!.options.map((option) => option.text);
    expect(options).toEqual(["Da", "Nu", "Nu știu", "2"]);
  });

  it("remembers the ticks under the original product's key, ignoring what it does not know", () => {
    const storage = memoryStorage();
    writeSelectedPredefined(storage, ["yes", "rating5", "bogus"]);
    expect(storage.getItem(SELECTED_PREDEFINED_OPTIONS_KEY)).toBe('["yes","rating5"]');
    expect(readSelectedPredefined(storage)).toEqual(["yes", "rating5"]);
  });

  it.each([["not json"], ['{"yes":true}'], ['[1,"no"]']])("reads %s as the ticks it can understand", (stored) => {
    const ticks = readSelectedPredefined(memoryStorage({ [SELECTED_PREDEFINED_OPTIONS_KEY]: stored }));
    expect(ticks).toEqual(stored === '[1,"no"]' ? ["no"] : []);
  });
});
