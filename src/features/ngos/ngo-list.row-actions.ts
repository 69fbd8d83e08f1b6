import type { Ngo } from "./ngos.actors";
import { paths } from "../../shared/paths";

/** What a row can do with its NGO; the list page decides how. */
export interface NgoRowActions {
  onToggleActive: (ngo: Ngo) => void;
  onToggleOrganizer: (ngo: Ngo) => void;
  onDelete: (ngo: Ngo) => void;
  /** The NGO whose flag change runs: its menu shows a loader, and every row's flag items wait (one change at a time). */
  changingNgoId: number | null;
}

export const ngoEditPath = (ngo: Pick<Ngo, "id">) => paths.ngo.href("edit", ngo.id);
