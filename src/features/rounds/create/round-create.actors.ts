import { fromPromise } from "xstate";
import type { ApiClient } from "../../../api/client";
import { expectData } from "../../../api/problem";
import { fromAbortablePromise } from "../../../shared/machines/from-abortable-promise";
import type { CreatedRound } from "./round-create.machine";
import { createRoundBody, type RoundDraft, type RoundSource } from "./round-draft";

/** The wizard's calls: the round copied and the NGOs (loaded on mount, so see fromAbortablePromise), create, start. */
export function createRoundCreateActors(api: ApiClient) {
  return {
    loadSource: fromAbortablePromise<RoundSource, { fromRoundId: number | null }>(async ({ input, signal }) => {
      const [round, ngos] = await Promise.all([
        input.fromRoundId === null
          ? null
          : expectData(api.GET("/api/v1/election-rounds/{roundId}", { params: { path: { roundId: input.fromRoundId } }, signal })),
        expectData(api.GET("/api/v1/ngo", { signal })),
      ]);
      return { round, ngos };
    }),
    createRound: fromPromise<CreatedRound, { source: RoundSource; draft: RoundDraft }>(({ input, signal }) =>
      expectData(api.POST("/api/v1/election-rounds", { body: createRoundBody(input.draft, input.source), signal })),
    ),
    startRound: fromPromise<CreatedRound, { roundId: number }>(({ input, signal }) =>
      expectData(api.POST("/api/v1/election-rounds/{roundId}/start", { params: { path: { roundId: input.roundId } }, signal })),
    ),
  };
}
