import { moveItem, type FormDocument, type OptionDraft, type QuestionDraft, type QuestionType, type SectionDraft } from "./form-document";

/**
 * Every change the form editor makes, as data. `applyCommand` is pure: the same document and command always give
 * the same result, so undo is exact and a session can be replayed. New items get the key the command names (the
 * caller makes keys), never one made here. A command naming something that is not there changes nothing.
 */
export type FormCommand =
  | { type: "document.replace"; document: FormDocument }
  | { type: "form.set"; field: "code" | "description"; value: string }
  | { type: "form.setDiaspora"; value: boolean }
  | { type: "section.add"; key: string; at?: number }
  | { type: "section.remove"; section: string }
  | { type: "section.move"; from: number; to: number }
  | { type: "section.set"; section: string; field: "code" | "description"; value: string }
  | { type: "question.add"; section: string; key: string; at?: number }
  | { type: "question.remove"; question: string }
  | { type: "question.move"; from: QuestionPlace; to: QuestionPlace }
  | { type: "question.set"; question: string; field: "code" | "text"; value: string }
  | { type: "question.setType"; question: string; questionType: QuestionType }
  | { type: "option.add"; question: string; key: string; text?: string }
  | { type: "option.addMany"; question: string; options: readonly { key: string; text: string }[] }
  | { type: "option.remove"; question: string; option: string }
  | { type: "option.move"; question: string; from: number; to: number }
  | { type: "option.set"; question: string; option: string; value: string }
  | { type: "option.toggle"; question: string; option: string; flag: "isFreeText" | "flagged" };

/** Where a question stands: its section's key and its index there. */
export interface QuestionPlace {
  section: string;
  index: number;
}

const emptySection = (key: string): SectionDraft => ({ key, code: "", description: "", questions: [] });
const emptyQuestion = (key: string): QuestionDraft => ({ key, code: "", text: "", questionType: 1, options: [] });
const newOption = (key: string, text = ""): OptionDraft => ({ key, text, isFreeText: false, flagged: false });

/** Inserts at `at` (clamped), or at the end. */
function insertAt<T>(items: readonly T[], item: T, at = items.length): T[] {
  const index = Math.max(0, Math.min(at, items.length));
  return [...items.slice(0, index), item, ...items.slice(index)];
}

/** Both indexes exist and differ: anything else would change nothing. */
const isMove = (items: readonly unknown[], from: number, to: number) =>
  from !== to && [from, to].every((index) => Number.isInteger(index) && index >= 0 && index < items.length);

const sameText = (left: string, right: string) => left.trim().toLocaleLowerCase() === right.trim().toLocaleLowerCase();

/** Changes one question wherever it is; the same document back when nothing changed (so no empty undo step). */
function mapQuestions(document: FormDocument, key: string, change: (question: QuestionDraft) => QuestionDraft): FormDocument {
  const holder = document.sections.find((section) => section.questions.some((question) => question.key === key));
  const question = holder?.questions.find((candidate) => candidate.key === key);
  if (!holder || !question) return document;
  const changed = change(question);
  if (changed === question) return document;
  return mapSection(document, holder.key, (section) => ({
    ...section,
    questions: section.questions.map((candidate) => (candidate.key === key ? changed : candidate)),
  }));
}

function mapSection(document: FormDocument, key: string, change: (section: SectionDraft) => SectionDraft): FormDocument {
  const section = document.sections.find((candidate) => candidate.key === key);
  if (!section) return document;
  const changed = change(section);
  if (changed === section) return document;
  return { ...document, sections: document.sections.map((candidate) => (candidate.key === key ? changed : candidate)) };
}

function mapOption(question: QuestionDraft, key: string, change: (option: OptionDraft) => OptionDraft): QuestionDraft {
  const option = question.options.find((candidate) => candidate.key === key);
  if (!option) return question;
  const changed = change(option);
  if (changed === option) return question;
  return { ...question, options: question.options.map((candidate) => (candidate.key === key ? changed : candidate)) };
}

/** Moves a question within its section or into another one, to the index shown as the insertion point. */
function moveQuestion(document: FormDocument, from: QuestionPlace, to: QuestionPlace): FormDocument {
  const source = document.sections.find((section) => section.key === from.section);
  const target = document.sections.find((section) => section.key === to.section);
  const question = source?.questions[from.index];
  if (!source || !target || !question) return document;
  if (source === target) {
    if (!isMove(source.questions, from.index, to.index)) return document;
    return mapSection(document, source.key, (section) => ({ ...section, questions: moveItem(section.questions, from.index, to.index) }));
  }
  if (to.index < 0 || to.index > target.questions.length) return document;
  return {
    ...document,
    sections: document.sections.map((section) => {
      if (section.key === source.key) return { ...section, questions: section.questions.filter((_, index) => index !== from.index) };
      if (section.key === target.key) return { ...section, questions: insertAt(section.questions, question, to.index) };
      return section;
    }),
  };
}

/** Adds options whose text the question does not have yet (predefined options are skipped when already there). */
function addOptions(question: QuestionDraft, options: readonly { key: string; text: string }[]): QuestionDraft {
  const added: OptionDraft[] = [];
  for (const { key, text } of options) {
    if ([...question.options, ...added].some((option) => sameText(option.text, text))) continue;
    added.push(newOption(key, text));
  }
  return added.length === 0 ? question : { ...question, options: [...question.options, ...added] };
}

export function applyCommand(document: FormDocument, command: FormCommand): FormDocument {
  switch (command.type) {
    case "document.replace":
      return command.document;
    case "form.set":
      return document[command.field] === command.value ? document : { ...document, [command.field]: command.value };
    case "form.setDiaspora":
      return document.diaspora === command.value ? document : { ...document, diaspora: command.value };
    case "section.add":
      return { ...document, sections: insertAt(document.sections, emptySection(command.key), command.at) };
    case "section.remove":
      return document.sections.some((section) => section.key === command.section)
        ? { ...document, sections: document.sections.filter((section) => section.key !== command.section) }
        : document;
    case "section.move":
      return isMove(document.sections, command.from, command.to)
        ? { ...document, sections: moveItem(document.sections, command.from, command.to) }
        : document;
    case "section.set":
      return mapSection(document, command.section, (section) =>
        section[command.field] === command.value ? section : { ...section, [command.field]: command.value },
      );
    case "question.add":
      return mapSection(document, command.section, (section) => ({
        ...section,
        questions: insertAt(section.questions, emptyQuestion(command.key), command.at),
      }));
    case "question.remove": {
      const holder = document.sections.find((section) => section.questions.some((question) => question.key === command.question));
      if (!holder) return document;
      return mapSection(document, holder.key, (section) => ({
        ...section,
        questions: section.questions.filter((question) => question.key !== command.question),
      }));
    }
    case "question.move":
      return moveQuestion(document, command.from, command.to);
    case "question.set":
      return mapQuestions(document, command.question, (question) =>
        question[command.field] === command.value ? question : { ...question, [command.field]: command.value },
      );
    case "question.setType":
      return mapQuestions(document, command.question, (question) =>
        question.questionType === command.questionType ? question : { ...question, questionType: command.questionType },
      );
    case "option.add":
      return mapQuestions(document, command.question, (question) => ({ ...question, options: [...question.options, newOption(command.key, command.text)] }));
    case "option.addMany":
      return mapQuestions(document, command.question, (question) => addOptions(question, command.options));
    case "option.remove":
      return mapQuestions(document, command.question, (question) =>
        question.options.some((option) => option.key === command.option)
          ? { ...question, options: question.options.filter((option) => option.key !== command.option) }
          : question,
      );
    case "option.move":
      return mapQuestions(document, command.question, (question) =>
        isMove(question.options, command.from, command.to) ? { ...question, options: moveItem(question.options, command.from, command.to) } : question,
      );
    case "option.set":
      return mapQuestions(document, command.question, (question) =>
        mapOption(question, command.option, (option) => (option.text === command.value ? option : { ...option, text: command.value })),
      );
    case "option.toggle":
      return mapQuestions(document, command.question, (question) =>
        mapOption(question, command.option, (option) => ({ ...option, [command.flag]: !option[command.flag] })),
      );
  }
}
