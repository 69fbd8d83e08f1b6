import { fromPromise } from "xstate";
import type { ApiClient } from "../../../../api/client";
import { errorFromNetworkFailure, errorFromResponse, expectData, isAbortError } from "../../../../api/problem";
import { fromAbortablePromise } from "../../../../shared/machines/from-abortable-promise";
import { panelClaimMachine } from "./thread-triage.machine";
import type { ClaimInput, CommentInput, LoadedTriage, StateRequest, Thread, ThreadClaim } from "./triage.types";

const pathOf = ({ observerId, pollingStationId }: Thread) => ({ path: { idObserver: observerId, idPollingStation: pollingStationId } });

interface ClaimCall {
  data?: ThreadClaim;
  error?: unknown;
  response: Response;
}

/** As expectData, but a 409 keeps the problem's `claim` (who holds the thread now) on the error it throws. */
async function expectClaim(call: Promise<ClaimCall>): Promise<ThreadClaim> {
  let result: ClaimCall;
  try {
    result = await call;
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw errorFromNetworkFailure(error);
  }
  if (result.response.ok && result.data) return result.data;
  const error = errorFromResponse(result.response, result.error);
  const body = result.error as { claim?: unknown } | undefined;
  throw Object.assign(error, { claim: body?.claim ?? null });
}

/**
 * The triage panel's calls: getThreadTriage, setThreadState, addThreadComment, and its claim child with claimThread,
 * renewThreadClaim, releaseThreadClaim and the fire-and-forget release of a claim the panel leaves behind.
 */
export function createTriageActors(api: ApiClient) {
  const path = "/api/v1/answers/threads/{idObserver}/{idPollingStation}" as const;
  const { abandonClaim } = createTriageActions(api);
  const claimActors = {
    claimThread: fromPromise<ThreadClaim, ClaimInput>(({ input, signal }) =>
      expectClaim(api.POST(`${path}/claim`, { params: pathOf(input.thread), body: { takeOver: input.takeOver }, signal })),
    ),
    renewClaim: fromPromise<ThreadClaim, Thread>(({ input, signal }) => expectClaim(api.PUT(`${path}/claim`, { params: pathOf(input), signal }))),
    releaseClaim: fromPromise<void, Thread>(async ({ input, signal }) => {
      await expectData(api.DELETE(`${path}/claim`, { params: pathOf(input), signal }));
    }),
  };
  return {
    // Starts on mount: see fromAbortablePromise.
    loadTriage: fromAbortablePromise<LoadedTriage, Thread>(async ({ input, signal }) => {
      const triage = await expectData(api.GET(path, { params: pathOf(input), signal }));
      return { triage, receivedAt: Date.now() };
    }),
    setState: fromPromise(({ input, signal }: { input: { thread: Thread; request: StateRequest }; signal: AbortSignal }) => {
      const { state, note } = input.request;
      const body = state === "resolved" && note.trim() ? { state, note } : { state };
      return expectData(api.PUT(`${path}/state`, { params: pathOf(input.thread), body, signal }));
    }),
    addComment: fromPromise(({ input, signal }: { input: CommentInput; signal: AbortSignal }) =>
      expectData(
        api.POST(`${path}/comments`, {
          params: { ...pathOf(input.thread), header: { "Idempotency-Key": input.idempotencyKey } },
          body: { text: input.text },
          signal,
        }),
      ),
    ),
    threadClaim: panelClaimMachine.provide({ actors: claimActors, actions: { abandonClaim: (_, { thread }) => abandonClaim(thread) } }),
  };
}

/** The fire-and-forget release of a claim whose panel moves on or goes away (nobody is left to hear the answer). */
export function createTriageActions(api: ApiClient) {
  return {
    abandonClaim: (thread: Thread) => {
      api.DELETE("/api/v1/answers/threads/{idObserver}/{idPollingStation}/claim", { params: pathOf(thread) }).catch(() => {});
    },
  };
}
