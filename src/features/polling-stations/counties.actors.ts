import type { SnapshotFrom } from "xstate";
import type { ApiClient } from "../../api/client";
import { expectData } from "../../api/problem";
import { fromAbortablePromise } from "../../shared/machines/from-abortable-promise";
import type { resourceMachine } from "../../shared/machines/resource.machine";
import type { County } from "./polling-stations.types";

/** Every county, in display order (listCounties), for the county selects; read back through selectCounties. */
export function createCountyActors(api: ApiClient) {
  return {
    actors: {
      // Starts on mount: see fromAbortablePromise.
      load: fromAbortablePromise<unknown>(({ signal }) => expectData(api.GET("/api/v1/polling-station", { signal }))),
    },
  };
}

const NO_COUNTIES: County[] = [];

/** The counties loaded (none before the first answer). */
export const selectCounties = (snapshot: SnapshotFrom<typeof resourceMachine>) => (snapshot.context.data as County[] | null) ?? NO_COUNTIES;

/** A county as a select offers it: "Cluj (CJ)". */
export const countyOption = (county: County) => ({ value: county.code, label: `${county.name} (${county.code})` });
