import type { FormDocument } from "./form-document";
import { applyCommand, type FormCommand } from "./form-editor.commands";

/**
 * The editing session: every document the commands made, so undo and redo give back exactly what was on screen
 * (documents are immutable and share what a command did not touch, so keeping them all is cheap).
 */
export interface EditHistory {
  past: FormDocument[];
  present: FormDocument;
  future: FormDocument[];
  /** The field the last step typed into: more typing there joins that step. */
  typing?: string;
}

export const startHistory = (document: FormDocument): EditHistory => ({ past: [], present: document, future: [] });

/** The field a text command types into; other commands are steps of their own. */
function typedField(command: FormCommand): string | undefined {
  switch (command.type) {
    case "form.set":
      return `form:${command.field}`;
    case "section.set":
      return `section:${command.section}:${command.field}`;
    case "question.set":
      return `question:${command.question}:${command.field}`;
    case "option.set":
      return `option:${command.option}`;
    default:
      return undefined;
  }
}

/**
 * Applies a command; one that changes nothing leaves the history as it is (no empty undo step). Keystrokes in one
 * field make one step, as in a word processor: undo takes back the text typed there, not a letter.
 */
export function execute(history: EditHistory, command: FormCommand): EditHistory {
  const next = applyCommand(history.present, command);
  if (next === history.present) return history;
  const typing = typedField(command);
  if (typing !== undefined && typing === history.typing) return { ...history, present: next, future: [] };
  return { past: [...history.past, history.present], present: next, future: [], typing };
}

export function undo(history: EditHistory): EditHistory {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: EditHistory): EditHistory {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

export const canUndo = (history: EditHistory) => history.past.length > 0;
export const canRedo = (history: EditHistory) => history.future.length > 0;
