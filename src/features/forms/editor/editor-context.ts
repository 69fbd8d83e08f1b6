import { createContext, use } from "react";
import type { FormCommand } from "./form-editor.commands";
import type { ProblemCode } from "./form-validation";

/**
 * What every card of the editor needs besides its own part of the document, stable across keystrokes so that
 * memoised cards only render again when their part changes.
 */
export interface EditorTools {
  /** Applies an edit through the editor's machine (ignored while a save is under way). */
  edit: (command: FormCommand) => void;
  /** A key for a new section, question or option. */
  newKey: () => string;
  /** Says something to screen readers (a move, a deletion) in the editor's live region. */
  announce: (message: string) => void;
  /** Moves the keyboard focus to a field or control by its DOM id once it is on screen. */
  focusSoon: (id: string) => void;
}

export const EditorToolsContext = createContext<EditorTools | null>(null);

export function useEditorTools(): EditorTools {
  const tools = use(EditorToolsContext);
  if (!tools) throw new Error("useEditorTools needs the form editor around it");
  return tools;
}

/** The problem each field has now, by the field's DOM id; empty until a save was refused. */
export const ProblemsContext = createContext<ReadonlyMap<string, { code: ProblemCode; max?: number }>>(new Map());

/** A save is under way: fields are read-only, so what the server keeps is what was on screen. */
export const ReadOnlyContext = createContext(false);
