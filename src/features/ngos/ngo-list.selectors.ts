import type { SnapshotFrom } from "xstate";
import type { resourceMachine } from "../../shared/machines/resource.machine";
import type { Ngo, NgoAdmin } from "./ngos.actors";

type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;

/** The NGOs the resource machine holds, as their loader (createNgoListLoader) gave them; none before the first load. */
export const selectNgos = (snapshot: ResourceSnapshot) => (snapshot.context.data as Ngo[] | null) ?? [];

/** The admin accounts the resource machine holds, as their loader (createNgoAdminListLoader) gave them. */
export const selectNgoAdmins = (snapshot: ResourceSnapshot) => (snapshot.context.data as NgoAdmin[] | null) ?? [];
