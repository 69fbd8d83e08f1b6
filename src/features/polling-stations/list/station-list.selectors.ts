import type { SnapshotFrom } from "xstate";
import type { listMachine } from "../../../shared/machines/list.machine";
import type { PollingStation } from "../polling-stations.types";

/** The stations of the page shown: the list machine holds the rows createStationListActors gave it. */
export const selectStations = (snapshot: SnapshotFrom<typeof listMachine>) => snapshot.context.items as PollingStation[];
