/*
 * Which editing session an address shows. One session per address, except that a new form's first save moves the
 * address from /formulare/nou to the form's own and the session goes on there: the save leaves this history state on
 * the new entry, naming the session it continues.
 */

interface EditorSessionState {
  editorSession: string;
}

/** The history state of the address a new form moves to, naming the session it continues. */
export function editorSessionState(session: string): EditorSessionState {
  return { editorSession: session };
}

/**
 * The session an address shows: the one its history state continues, else its own. Each visit to /formulare/nou is a
 * new form (its history entry's key); an existing form's address is its session.
 */
export function editorSessionOf(formId: number | null, location: { key: string; state: unknown }): string {
  const { state } = location;
  if (typeof state === "object" && state !== null && "editorSession" in state && typeof state.editorSession === "string") return state.editorSession;
  return formId === null ? `new ${location.key}` : `form ${formId}`;
}
