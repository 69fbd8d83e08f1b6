import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSameDocument, moveItem, type FormDocument, type QuestionDraft } from "./form-document";
import { applyCommand, type FormCommand } from "./form-editor.commands";
import { canRedo, canUndo, execute, redo, startHistory, undo, type EditHistory } from "./form-editor.history";

const question = (key: string, options: string[] = []): QuestionDraft => ({
  key,
  code: key.toUpperCase(),
  text: `Question ${key}`,
  questionType: 1,
  options: options.map((text, index) => ({ key: `${key}o${index}`, text, isFreeText: false, flagged: false })),
});

/** Two sections: A with questions a1..a3 (a1 has Yes/No), B with b1. */
const form: FormDocument = {
  code: "A",
  description: "Deschidere",
  diaspora: false,
  sections: [
    { key: "A", code: "A", description: "Opening", questions: [question("a1", ["Yes", "No"]), question("a2"), question("a3")] },
    { key: "B", code: "B", description: "Voting", questions: [question("b1")] },
  ],
};

const keys = (document: FormDocument) => document.sections.map((section) => `${section.key}:${section.questions.map((q) => q.key).join(",")}`);
const optionTexts = (document: FormDocument, questionKey: string) =>
  document.sections.flatMap((section) => section.questions).find((q) => q.key === questionKey)?.options.map((option) => option.text);

describe("moveItem", () => {
  it.each([
    [0, 2, ["b", "c", "a"]],
    [2, 0, ["c", "a", "b"]],
    [1, 1, ["a", "b", "c"]],
    [0, 3, ["a", "b", "c"]],
    [-1, 0, ["a", "b", "c"]],
  ])("moves the item at %i to %i, never swapping", (from, to, expected) => {
    expect(moveItem(["a", "b", "c"], from, to)).toEqual(expected);
  });
});

describe("applyCommand", () => {
  it.each<[string, FormCommand, string[]]>([
    ["adds a section at the end", { type: "section.add", key: "C" }, ["A:a1,a2,a3", "B:b1", "C:"]],
    ["adds a section where asked", { type: "section.add", key: "C", at: 0 }, ["C:", "A:a1,a2,a3", "B:b1"]],
    ["removes a section with its questions", { type: "section.remove", section: "A" }, ["B:b1"]],
    ["moves a section", { type: "section.move", from: 1, to: 0 }, ["B:b1", "A:a1,a2,a3"]],
    ["adds a question at the end of its section", { type: "question.add", section: "B", key: "b2" }, ["A:a1,a2,a3", "B:b1,b2"]],
    ["adds a question where asked", { type: "question.add", section: "A", key: "a0", at: 0 }, ["A:a0,a1,a2,a3", "B:b1"]],
    ["removes a question", { type: "question.remove", question: "a2" }, ["A:a1,a3", "B:b1"]],
    ["moves a question down within its section", { type: "question.move", from: { section: "A", index: 0 }, to: { section: "A", index: 2 } }, ["A:a2,a3,a1", "B:b1"]],
    ["moves a question into another section", { type: "question.move", from: { section: "A", index: 1 }, to: { section: "B", index: 0 } }, ["A:a1,a3", "B:a2,b1"]],
    ["moves a question to the end of another section", { type: "question.move", from: { section: "B", index: 0 }, to: { section: "A", index: 3 } }, ["A:a1,a2,a3,b1", "B:"]],
  ])("%s", (_, command, expected) => {
    expect(keys(applyCommand(form, command))).toEqual(expected);
  });

  it.each<[string, FormCommand]>([
    ["an unknown section", { type: "section.remove", section: "Z" }],
    ["a move out of range", { type: "section.move", from: 0, to: 5 }],
    ["a move onto itself", { type: "section.move", from: 1, to: 1 }],
    ["an unknown question", { type: "question.set", question: "zz", field: "text", value: "x" }],
    ["a question move into an unknown section", { type: "question.move", from: { section: "A", index: 0 }, to: { section: "Z", index: 0 } }],
    ["a question move past the end of its section", { type: "question.move", from: { section: "A", index: 0 }, to: { section: "A", index: 3 } }],
    ["the same value again", { type: "form.set", field: "code", value: "A" }],
    ["the same type again", { type: "question.setType", question: "a1", questionType: 1 }],
    ["an option that already exists (predefined)", { type: "option.addMany", question: "a1", options: [{ key: "k", text: " yes " }] }],
    ["an unknown option", { type: "option.toggle", question: "a1", option: "nope", flag: "flagged" }],
  ])("returns the same document for %s", (_, command) => {
    expect(applyCommand(form, command)).toBe(form);
  });

  it("sets texts, types and flags on the item named, leaving the rest untouched", () => {
    let document = applyCommand(form, { type: "question.set", question: "a2", field: "text", value: "Is the room accessible?" });
    document = applyCommand(document, { type: "question.setType", question: "a2", questionType: 0 });
    document = applyCommand(document, { type: "option.toggle", question: "a1", option: "a1o1", flag: "flagged" });
    document = applyCommand(document, { type: "option.set", question: "a1", option: "a1o0", value: "Da" });
    const [a1, a2, a3] = document.sections[0]!.questions;
    expect(a2).toMatchObject({ text: "Is the room accessible?", questionType: 0 });
    expect(a1!.options).toMatchObject([{ text: "Da", flagged: false }, { text: "No", flagged: true }]);
    expect(a3).toBe(form.sections[0]!.questions[2]);
    expect(document.sections[1]).toBe(form.sections[1]);
  });

  it("adds predefined options in order, skipping texts the question already has", () => {
    const document = applyCommand(form, {
      type: "option.addMany",
      question: "a1",
      options: [
        { key: "p1", text: "Yes" },
        { key: "p2", text: "Don't know" },
        { key: "p3", text: "don't know" },
      ],
    });
    expect(optionTexts(document, "a1")).toEqual(["Yes", "No", "Don't know"]);
  });

  it("moves and removes options within their question", () => {
    const moved = applyCommand(form, { type: "option.move", question: "a1", from: 0, to: 1 });
    expect(optionTexts(moved, "a1")).toEqual(["No", "Yes"]);
    expect(optionTexts(applyCommand(moved, { type: "option.remove", question: "a1", option: "a1o0" }), "a1")).toEqual(["No"]);
  });
});

describe("moving questions (property)", () => {
  const twenty: FormDocument = { ...form, sections: [{ ...form.sections[0]!, questions: Array.from({ length: 20 }, (_, index) => question(`q${index}`)) }] };

  it("moving question i to any place j is exactly an array move (all 400 cases)", () => {
    const before = twenty.sections[0]!.questions.map((q) => q.key);
    for (let from = 0; from < 20; from++) {
      for (let to = 0; to < 20; to++) {
        const after = applyCommand(twenty, { type: "question.move", from: { section: "A", index: from }, to: { section: "A", index: to } });
        const expected = [...before];
        const [moved] = expected.splice(from, 1);
        expected.splice(to, 0, moved!);
        expect(after.sections[0]!.questions.map((q) => q.key)).toEqual(expected);
      }
    }
  });
});

describe("undo and redo", () => {
  /** Commands that may or may not find their target: a random session touches what exists and what does not. */
  const command = (step: number): fc.Arbitrary<FormCommand> => {
    const section = fc.constantFrom("A", "B", `s${step % 7}`);
    const questionKey = fc.constantFrom("a1", "a2", "a3", "b1", `q${step % 11}`);
    const index = fc.integer({ min: -1, max: 5 });
    return fc.oneof(
      fc.record({ type: fc.constant("section.add" as const), key: fc.constant(`s${step}`), at: fc.option(index, { nil: undefined }) }),
      fc.record({ type: fc.constant("section.remove" as const), section }),
      fc.record({ type: fc.constant("section.move" as const), from: index, to: index }),
      fc.record({ type: fc.constant("section.set" as const), section, field: fc.constantFrom("code" as const, "description" as const), value: fc.string({ maxLength: 6 }) }),
      fc.record({ type: fc.constant("question.add" as const), section, key: fc.constant(`q${step}`), at: fc.option(index, { nil: undefined }) }),
      fc.record({ type: fc.constant("question.remove" as const), question: questionKey }),
      fc.record({ type: fc.constant("question.move" as const), from: fc.record({ section, index }), to: fc.record({ section, index }) }),
      fc.record({ type: fc.constant("question.set" as const), question: questionKey, field: fc.constantFrom("code" as const, "text" as const), value: fc.string({ maxLength: 6 }) }),
      fc.record({ type: fc.constant("question.setType" as const), question: questionKey, questionType: fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const) }),
      fc.record({ type: fc.constant("option.add" as const), question: questionKey, key: fc.constant(`o${step}`), text: fc.option(fc.string({ maxLength: 6 }), { nil: undefined }) }),
      fc.record({ type: fc.constant("option.addMany" as const), question: questionKey, options: fc.constant([{ key: `p${step}`, text: "Yes" }, { key: `r${step}`, text: `R${step % 3}` }]) }),
      fc.record({ type: fc.constant("option.move" as const), question: questionKey, from: index, to: index }),
      fc.record({ type: fc.constant("option.toggle" as const), question: questionKey, option: fc.constantFrom("a1o0", "a1o1", `o${step - 1}`), flag: fc.constantFrom("isFreeText" as const, "flagged" as const) }),
      fc.record({ type: fc.constant("form.set" as const), field: fc.constantFrom("code" as const, "description" as const), value: fc.string({ maxLength: 6 }) }),
    );
  };
  const session = fc.integer({ min: 0, max: 200 }).chain((length) => fc.tuple(...Array.from({ length }, (_, step) => command(step))));

  it("1,000 random sessions of up to 200 commands, undone completely, give back the starting form; redone, the end form", () => {
    fc.assert(
      fc.property(session, (commands) => {
        let history: EditHistory = startHistory(form);
        for (const next of commands) history = execute(history, next);
        const end = history.present;
        while (canUndo(history)) history = undo(history);
        expect(history.present).toEqual(form);
        while (canRedo(history)) history = redo(history);
        expect(history.present).toEqual(end);
      }),
      { numRuns: 1000 },
    );
  });

  it("records no step for a command that changes nothing, and a new command drops what could be redone", () => {
    let history = execute(startHistory(form), { type: "section.remove", section: "Z" });
    expect(canUndo(history)).toBe(false);
    history = execute(history, { type: "question.remove", question: "a2" });
    history = undo(history);
    expect(canRedo(history)).toBe(true);
    history = execute(history, { type: "question.remove", question: "a3" });
    expect(canRedo(history)).toBe(false);
    expect(keys(history.present)).toEqual(["A:a1,a2", "B:b1"]);
  });

  it("makes the keystrokes in one field one step, and a step per field", () => {
    const type = (history: EditHistory, question: string, value: string) => execute(history, { type: "question.set", question, field: "text", value });
    let history = type(startHistory(form), "a1", "O");
    history = type(history, "a1", "Op");
    history = type(history, "a1", "Open");
    history = type(history, "a2", "C");
    history = type(history, "a1", "Opened");
    const texts = (document: FormDocument) => document.sections[0]!.questions.map((question) => question.text);
    expect(texts(history.present).slice(0, 2)).toEqual(["Opened", "C"]);
    history = undo(history);
    expect(texts(history.present).slice(0, 2)).toEqual(["Open", "C"]);
    history = undo(history);
    expect(texts(history.present).slice(0, 2)).toEqual(["Open", form.sections[0]!.questions[1]!.text]);
    history = undo(history);
    expect(history.present).toBe(form);
    expect(canUndo(history)).toBe(false);
  });
});

describe("isSameDocument", () => {
  it("sees a form typed back to what it was as unchanged, and any real change as a change", () => {
    const edited = applyCommand(form, { type: "option.set", question: "a1", option: "a1o0", value: "Da" });
    const typedBack = applyCommand(edited, { type: "option.set", question: "a1", option: "a1o0", value: "Yes" });
    expect(typedBack).not.toBe(form);
    expect(isSameDocument(typedBack, form)).toBe(true);
    expect(isSameDocument(edited, form)).toBe(false);
    expect(isSameDocument(applyCommand(form, { type: "question.move", from: { section: "A", index: 0 }, to: { section: "A", index: 1 } }), form)).toBe(false);
  });
});
