import type { PageModeInput } from "./page-mode.machine";

/** The part of the page's input the route decides. */
export type PageRoute = Pick<PageModeInput, "mode" | "id">;

const routeModes: Record<string, PageModeInput["mode"]> = { new: "creating", view: "viewing", edit: "editing" };

/**
 * Reads a profile route (`…/:state` or `…/:state/:id`, state new, view or edit) into the page-mode machine's
 * input; null when the route names no valid page (an unknown state, an id with new, no id with view or edit).
 */
export function pageModeFromRoute(state: string | undefined, id: string | undefined): PageRoute | null {
  const mode = routeModes[state ?? ""];
  const recordId = id !== undefined && /^[1-9][0-9]*$/.test(id) ? Number(id) : null;
  if (!mode || (mode === "creating") !== (recordId === null) || (id !== undefined && recordId === null)) return null;
  return { mode, id: recordId };
}
