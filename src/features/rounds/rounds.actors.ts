import type { components } from "../../../openapi/schema.d.ts";
import type { ApiClient } from "../../api/client";
import { expectData } from "../../api/problem";
import { fromAbortablePromise } from "../../shared/machines/from-abortable-promise";

export type ElectionRound = components["schemas"]["ElectionRound"];

/** The rounds the user works in, current first (listElectionRounds); starts on mount, so see fromAbortablePromise. */
export const createRoundsActors = (api: ApiClient) => ({
  actors: {
    load: fromAbortablePromise<unknown>(async ({ signal }): Promise<ElectionRound[]> => (await expectData(api.GET("/api/v1/election-rounds", { signal }))).rounds),
  },
});
