import { assertEvent, assign, fromPromise, setup } from "xstate";

/** How far a mutation made of several calls has got (a bulk delete: `done` of `total`). */
export interface MutationProgress {
  done: number;
  total: number;
}

/** Why a mutation failed, as the HTTP status (0 when no answer came) and the problem code the view translates. */
export interface MutationError {
  status: number;
  code: string | null;
}

export interface MutationInput {
  /** Destructive actions ask first: `mutation.start` then waits for `mutation.confirm`. */
  confirm: boolean;
  /** Only a call that changes nothing on the server (an export) may be abandoned while it runs. */
  abortable?: boolean;
}

/** What the caller's `run` actor receives; it resolves with whatever `onSucceeded` needs. */
export interface MutationRunInput {
  request: unknown;
  reportProgress: (progress: MutationProgress) => void;
}

export interface MutationContext {
  confirm: boolean;
  abortable: boolean;
  /** What the last `mutation.start` asked for (the rows, the values); the caller knows its type. */
  request: unknown;
  progress: MutationProgress | null;
  error: MutationError | null;
}

export type MutationEvent =
  | { type: "mutation.start"; request: unknown }
  | { type: "mutation.confirm" }
  | { type: "mutation.cancel" }
  | { type: "mutation.retry" }
  | { type: "mutation.reset" }
  | { type: "mutation.progress"; done: number; total: number };

/** Reads a failure structurally: the API client's errors carry a status and a problem code. */
export function toMutationError(error: unknown): MutationError {
  if (typeof error !== "object" || error === null) return { status: 0, code: null };
  const { status, code } = error as { status?: unknown; code?: unknown };
  return { status: typeof status === "number" ? status : 0, code: typeof code === "string" ? code : null };
}

/** Worth trying again: the network or the server failed. A refusal (4xx) would only be refused again. */
export function isRetryable(error: MutationError | null): boolean {
  return error !== null && (error.status === 0 || error.status >= 500);
}

/** Asking again after an outcome, or for the first time: destructive requests are confirmed first. */
const startRequest = [
  { guard: "needsConfirmation", target: "confirming", actions: "rememberRequest" },
  { target: "running", actions: "rememberRequest" },
] as const;

export const mutationMachine = setup({
  types: {
    context: {} as MutationContext,
    events: {} as MutationEvent,
    input: {} as MutationInput,
    tags: {} as "busy" | "confirming",
  },
  actors: {
    run: fromPromise<unknown, MutationRunInput>(() => Promise.reject(new Error("run is not provided"))),
  },
  guards: {
    needsConfirmation: ({ context }) => context.confirm,
    isAbortable: ({ context }) => context.abortable,
    canRetry: ({ context }) => isRetryable(context.error),
  },
  actions: {
    rememberRequest: assign(({ event }) => {
      assertEvent(event, "mutation.start");
      return { request: event.request, error: null, progress: null };
    }),
    forgetRequest: assign({ request: null, error: null, progress: null }),
    clearProgress: assign({ progress: null }),
    recordError: assign((_, params: { error: MutationError }) => ({ error: params.error })),
    recordProgress: assign(({ event }) => {
      assertEvent(event, "mutation.progress");
      return { progress: { done: event.done, total: event.total } };
    }),
    onSucceeded: (_, _params: { request: unknown; output: unknown }) => {},
    onFailed: (_, _params: { request: unknown; error: MutationError }) => {},
  },
}).createMachine({
  id: "mutation",
  description:
    "One change on the server (a delete, a toggle, a reset), asked for once: confirmed first when destructive, never sent twice while it runs, retried only when the failure was the network's or the server's.",
  context: ({ input }) => ({
    confirm: input.confirm,
    abortable: input.abortable ?? false,
    request: null,
    progress: null,
    error: null,
  }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "mutation.start": startRequest,
      },
    },
    confirming: {
      tags: "confirming",
      description: "The question is on screen; a second start is ignored so the question never changes under the user",
      on: {
        "mutation.confirm": "running",
        "mutation.cancel": {
          target: "idle",
          description: "The request stays in context, so a closing dialog keeps its text until it has faded out",
        },
      },
    },
    running: {
      tags: "busy",
      description:
        "A start is ignored here: that is what makes a double click send one request. Leaving the state stops the run actor and aborts its request.",
      invoke: {
        id: "run",
        src: "run",
        input: ({ context, self }) => ({
          request: context.request,
          reportProgress: ({ done, total }: MutationProgress) => self.send({ type: "mutation.progress", done, total }),
        }),
        onDone: {
          target: "succeeded",
          actions: { type: "onSucceeded", params: ({ context, event }) => ({ request: context.request, output: event.output }) },
        },
        onError: {
          target: "failed",
          actions: [
            { type: "recordError", params: ({ event }) => ({ error: toMutationError(event.error) }) },
            { type: "onFailed", params: ({ context, event }) => ({ request: context.request, error: toMutationError(event.error) }) },
          ],
        },
      },
      on: {
        "mutation.progress": { actions: "recordProgress" },
        "mutation.cancel": {
          guard: "isAbortable",
          target: "idle",
          description:
            "Only a read-only call is abandoned; a destructive one may already have reached the server, and cancelling would hide whether the change was kept",
        },
      },
    },
    succeeded: {
      on: {
        "mutation.start": startRequest,
        "mutation.reset": { target: "idle", actions: "forgetRequest" },
      },
    },
    failed: {
      on: {
        "mutation.start": startRequest,
        "mutation.retry": {
          guard: "canRetry",
          target: "running",
          actions: "clearProgress",
          description: "The same request again, without asking twice; a refusal (4xx) would only be refused again",
        },
        "mutation.reset": { target: "idle", actions: "forgetRequest" },
      },
    },
  },
});
