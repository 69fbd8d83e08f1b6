import { describe, expect, it } from "vitest";
import type { FormDocument, OptionDraft, QuestionDraft, QuestionType } from "./form-document";
import { diffForPublish, isEmptyDiff, type PublishDiff } from "./form-publish-diff";

const option = (idOption: number | undefined, text: string): OptionDraft => ({
  key: `o${idOption ?? text}`,
  ...(idOption === undefined ? {} : { idOption }),
  text,
  isFreeText: false,
  flagged: false,
});

const question = (id: number | undefined, code: string, options: OptionDraft[], questionType: QuestionType = 1, text = `Text ${code}`): QuestionDraft => ({
  key: `q${id ?? code}`,
  ...(id === undefined ? {} : { id }),
  code,
  text,
  questionType,
  options,
});

const form = (...sections: QuestionDraft[][]): FormDocument => ({
  code: "A",
  description: "Formular",
  diaspora: false,
  sections: sections.map((questions, index) => ({ key: `s${index}`, id: index + 1, code: `S${index}`, description: `Section ${index}`, questions })),
});

const yesNo = () => [option(11, "Da"), option(12, "Nu")];
const published = form([question(1, "A1", yesNo()), question(2, "A2", [option(21, "Unu"), option(22, "Doi")], 0)], [question(3, "B1", [option(31, "Altceva")], 4)]);

const empty: PublishDiff = {
  addedQuestions: [],
  removedQuestions: [],
  renamedQuestions: [],
  retypedQuestions: [],
  addedOptions: [],
  removedOptions: [],
  renamedOptions: [],
};
const q1 = { id: 1, section: "Section 0", code: "A1", text: "Text A1" };
const q2 = { id: 2, section: "Section 0", code: "A2", text: "Text A2" };
const q3 = { id: 3, section: "Section 1", code: "B1", text: "Text B1" };

describe("diffForPublish", () => {
  it.each<[string, FormDocument, Partial<PublishDiff>]>([
    ["finds nothing in the same form", published, {}],
    [
      "does not count moving questions between sections or options within a question as a change",
      form([question(3, "B1", [option(31, "Altceva")], 4)], [question(2, "A2", [option(22, "Doi"), option(21, "Unu")], 0), question(1, "A1", yesNo())]),
      {},
    ],
    [
      "lists a question without an id as added, with its options going along",
      form([...published.sections[0]!.questions, question(undefined, "A3", [option(undefined, "Da")])], published.sections[1]!.questions),
      { addedQuestions: [{ section: "Section 0", code: "A3", text: "Text A3" }] },
    ],
    [
      "lists a published question that is gone as removed, its options going along",
      form([question(1, "A1", yesNo())], published.sections[1]!.questions),
      { removedQuestions: [q2] },
    ],
    [
      "lists a question whose code or text changed as renamed, with before and after",
      form([question(1, "A1x", yesNo(), 1, "Text A1"), question(2, "A2", [option(21, "Unu"), option(22, "Doi")], 0, "New text")], published.sections[1]!.questions),
      {
        renamedQuestions: [
          { before: q1, after: { ...q1, code: "A1x" } },
          { before: q2, after: { ...q2, text: "New text" } },
        ],
      },
    ],
    [
      "lists a type change, but not type 4 read as the single choice it is",
      form([question(1, "A1", yesNo(), 0), published.sections[0]!.questions[1]!], [question(3, "B1", [option(31, "Altceva")], 1)]),
      { retypedQuestions: [{ question: q1, before: 1, after: 0 }] },
    ],
    [
      "lists added, removed and renamed options of a kept question",
      form([question(1, "A1", [option(12, "Nu, deloc"), option(undefined, "Nu știu")]), published.sections[0]!.questions[1]!], published.sections[1]!.questions),
      {
        addedOptions: [{ question: q1, text: "Nu știu" }],
        removedOptions: [{ question: q1, idOption: 11, text: "Da" }],
        renamedOptions: [{ before: { question: q1, idOption: 12, text: "Nu" }, after: { question: q1, idOption: 12, text: "Nu, deloc" } }],
      },
    ],
    [
      "matches options by id within their question only: another question's option id is a new option",
      form([question(1, "A1", [...yesNo(), option(21, "Unu")]), published.sections[0]!.questions[1]!], published.sections[1]!.questions),
      { addedOptions: [{ question: q1, idOption: 21, text: "Unu" }] },
    ],
    [
      "treats a question id the published form lacks as added",
      form(published.sections[0]!.questions, [question(3, "B1", [option(31, "Altceva")], 4), question(99, "B2", [])]),
      { addedQuestions: [{ id: 99, section: "Section 1", code: "B2", text: "Text B2" }] },
    ],
    ["lists every question of an empty next form as removed", form(), { removedQuestions: [q1, q2, q3] }],
  ])("%s", (_, next, expected) => {
    expect(diffForPublish(published, next)).toEqual({ ...empty, ...expected });
  });

  it("lists every question as added when the form was never published", () => {
    expect(diffForPublish(null, published)).toEqual({ ...empty, addedQuestions: [q1, q2, q3] });
  });
});

describe("isEmptyDiff", () => {
  it.each<[string, PublishDiff, boolean]>([
    ["is true without changes", empty, true],
    ["is false with one added option", { ...empty, addedOptions: [{ question: q1, text: "x" }] }, false],
    ["is false with one removed question", { ...empty, removedQuestions: [q1] }, false],
  ])("%s", (_, diff, expected) => {
    expect(isEmptyDiff(diff)).toBe(expected);
  });
});
