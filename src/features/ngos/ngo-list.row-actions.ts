import type { Ngo } from "./ngos.actors";
import { paths } from "../../shared/paths";

/** What a row can do with its NGO; the list page decides how. */
export interface NgoRowActions {
  onToggleActive: (ngo: Ngo) => void;
  onToggleOrganizer: (ngo: Ngo) => void;
  onDelete: (ngo: Ngo) => void;
}

export const ngoEditPath = (ngo: Pick<Ngo, "id">) => paths.ngo.href("edit", ngo.id);
