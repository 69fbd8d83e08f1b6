import type { SnapshotFrom } from "xstate";
import type { listMachine } from "../../shared/machines/list.machine";
import type { Ngo, NgoAdmin } from "./ngos.actors";

type ListSnapshot = SnapshotFrom<typeof listMachine>;

/** The NGOs the list machine holds, as its loader (createNgoListActors) gave them. */
export const selectNgos = (snapshot: ListSnapshot) => snapshot.context.items as Ngo[];

/** The admin accounts the list machine holds, as its loader (createNgoAdminListActors) gave them. */
export const selectNgoAdmins = (snapshot: ListSnapshot) => snapshot.context.items as NgoAdmin[];
