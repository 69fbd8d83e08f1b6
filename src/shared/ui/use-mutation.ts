import { use } from "react";
import { useActorRef } from "@xstate/react";
import { InspectContext } from "../use-page-actor";
import { fromPromise } from "xstate";
import { mutationMachine, type MutationError, type MutationProgress, type MutationRunInput } from "../machines/mutation.machine";
import type { MutationActorRef } from "../machines/mutation.selectors";

export interface MutationOptions<Request, Output> {
  /** Destructive actions ask first (see `MutationConfirmDialog`). */
  confirm?: boolean;
  /** Only for calls that change nothing on the server: Cancel then aborts them. */
  abortable?: boolean;
  /** The call itself; it must pass `signal` to every request, so unmounting the page aborts it. */
  run: (request: Request, tools: { signal: AbortSignal; reportProgress: (progress: MutationProgress) => void }) => Promise<Output>;
  onSucceeded?: (request: Request, output: Output) => void;
  onFailed?: (request: Request, error: MutationError) => void;
}

/**
 * A mutation actor owned by the calling component, with the caller's call and outcome handlers. They are provided
 * on every render: @xstate/react refreshes implementations on each commit, so the handlers never go stale.
 * The casts live here once: the machine is not generic, and `request` is whatever the caller's own start sent.
 */
export function useMutation<Request, Output>(options: MutationOptions<Request, Output>): MutationActorRef {
  const { confirm = false, abortable = false, run, onSucceeded, onFailed } = options;
  const logic = mutationMachine.provide({
    actors: {
      run: fromPromise<unknown, MutationRunInput>(({ input, signal }) =>
        run(input.request as Request, { signal, reportProgress: input.reportProgress }),
      ),
    },
    actions: {
      onSucceeded: (_, { request, output }) => onSucceeded?.(request as Request, output as Output),
      onFailed: (_, { request, error }) => onFailed?.(request as Request, error),
    },
  });
  return useActorRef(logic, { input: { confirm, abortable }, inspect: use(InspectContext) });
}

