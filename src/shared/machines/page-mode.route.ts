import type { PageMode, PageRoute } from "./page-mode.types";

export type { PageRoute };

const routeModes: Record<string, PageMode> = { new: "creating", view: "viewing", edit: "editing" };

/**
 * Reads a profile route (`…/:state` or `…/:state/:id`, state new, view or edit) into the page-mode machine's
 * input; null when the route names no valid page (an unknown state, an id with new, no id with view or edit).
 */
export function pageModeFromRoute(state: string | undefined, id: string | undefined): PageRoute | null {
  const mode = routeModes[state ?? ""];
  if (!mode) return null;
  if (mode === "creating") return id === undefined ? { mode, id: null } : null;
  return id !== undefined && /^[1-9][0-9]*$/.test(id) ? { mode, id: Number(id) } : null;
}
