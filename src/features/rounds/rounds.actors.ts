import type { components } from "../../../openapi/schema.d.ts";
import type { ApiClient } from "../../api/client";
import { download } from "../../api/download";
import { expectData } from "../../api/problem";
import { fromAbortablePromise } from "../../shared/machines/from-abortable-promise";
import type { MutationProgress } from "../../shared/machines/mutation.machine";

export type ElectionRound = components["schemas"]["ElectionRound"];

/** A change of a round's status, as its operation names it. */
export type RoundStatusChange = "start" | "archive" | "reopen";

/** The rounds the user works in, current first (listElectionRounds); starts on mount, so see fromAbortablePromise. */
export const createRoundsActors = (api: ApiClient) => ({
  actors: {
    load: fromAbortablePromise<unknown>(async ({ signal }): Promise<ElectionRound[]> => (await expectData(api.GET("/api/v1/election-rounds", { signal }))).rounds),
  },
});

/** startElectionRound, archiveElectionRound or reopenElectionRound. */
export function changeRoundStatus(api: ApiClient, roundId: number, change: RoundStatusChange, signal: AbortSignal): Promise<ElectionRound> {
  const params = { path: { roundId } };
  if (change === "start") return expectData(api.POST("/api/v1/election-rounds/{roundId}/start", { params, signal }));
  if (change === "archive") return expectData(api.POST("/api/v1/election-rounds/{roundId}/archive", { params, signal }));
  return expectData(api.POST("/api/v1/election-rounds/{roundId}/reopen", { params, signal }));
}

/** Streams the round's archive (exportElectionRound), reporting the bytes received so far. */
export function downloadRoundArchive(
  api: ApiClient,
  roundId: number,
  { signal, reportProgress }: { signal: AbortSignal; reportProgress: (progress: MutationProgress) => void },
): Promise<Blob> {
  const call = api.GET("/api/v1/election-rounds/{roundId}/export", { params: { path: { roundId } }, parseAs: "stream", signal });
  return download(call, "application/zip", (done, total) => reportProgress({ done, total }));
}

/** The archive's file name: the round's id and name, safe on every system. */
export const archiveFileName = (round: Pick<ElectionRound, "id" | "name">) =>
  `round-${round.id}-${round.name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase()}.zip`;
