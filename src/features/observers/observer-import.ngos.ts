import type { SnapshotFrom } from "xstate";
import type { ApiClient } from "../../api/client";
import { expectData } from "../../api/problem";
import type { components } from "../../api/schema";
import { fromAbortablePromise } from "../../shared/machines/from-abortable-promise";
import type { resourceMachine } from "../../shared/machines/resource.machine";

type Ngo = components["schemas"]["Ngo"];
type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;

/** The resource machine's loader for the NGOs an organizer may import into (listNgos: every NGO, by name). */
export function createImportNgoLoader(api: ApiClient) {
  return {
    actors: {
      // Starts on mount: see fromAbortablePromise.
      load: fromAbortablePromise<unknown>(({ signal }) => expectData(api.GET("/api/v1/ngo", { signal }))),
    },
  };
}

/** The loaded NGOs as the select's options, in the server's order; none before the first load. */
export const selectImportNgoOptions = (snapshot: ResourceSnapshot) =>
  ((snapshot.context.data as Ngo[] | null) ?? []).map((ngo) => ({ value: String(ngo.id), label: ngo.name }));
