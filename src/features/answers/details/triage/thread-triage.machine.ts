import { assign, emit, enqueueActions, fromPromise, raise, setup, type ActorRefFrom } from "xstate";
import { toLoadFailure, type LoadFailure } from "../../../../shared/machines/load-failure";
import { toMutationError, type MutationError } from "../../../../shared/machines/mutation.machine";
import { serverOffset } from "../../../../shared/server-clock";
import { conflictClaimOf, problemCodeOf } from "./triage.conflict";
import type {
  ClaimInput,
  CommentInput,
  LoadedTriage,
  ReviewState,
  StateRequest,
  Thread,
  ThreadClaim,
  ThreadReview,
  TimelineEntry,
} from "./triage.types";

export interface ThreadTriageContext {
  thread: Thread;
  review: ThreadReview | null;
  claim: ThreadClaim | null;
  timeline: TimelineEntry[];
  /** The server's clock minus the browser's, in ms: ages are computed from the server's time. */
  clockOffsetMs: number;
  loadError: LoadFailure | null;
  claimError: MutationError | null;
  /** The claim being sent takes the thread from its holder (a confirmed takeover). */
  takingOver: boolean;
  /** The change being saved, and the state it replaces (what undo goes back to once it is saved). */
  stateChange: (StateRequest & { previous: StateRequest; undo: boolean }) | null;
  /** The state before the last change this panel made; null when there is nothing to undo. */
  undoTo: StateRequest | null;
  stateError: MutationError | null;
  /** The resolution note typed before resolving. */
  resolutionDraft: string;
  commentDraft: string;
  /** Made once per draft: a double click or a retry sends the same key, so the server adds the comment once. */
  commentKey: string | null;
  commentError: MutationError | null;
}

/** What the list's keyboard triage and the live connection send to the open panel. */
export type TriagePanelCommand =
  | { type: "triage.refresh" }
  | { type: "triage.claim" }
  | { type: "triage.setState"; state: ReviewState; note?: string }
  | { type: "triage.undo" }
  | { type: "triage.comment.focus" };

export type ThreadTriageEvent =
  | TriagePanelCommand
  | { type: "triage.retry" }
  | { type: "triage.takeOver" }
  | { type: "takeOver.confirm" }
  | { type: "takeOver.cancel" }
  | { type: "triage.release" }
  | { type: "resolution.start" }
  | { type: "resolution.edit"; note: string }
  | { type: "resolution.cancel" }
  | { type: "comment.edit"; text: string }
  /** `key` is a fresh idempotency key; it is used only when the draft has none yet. */
  | { type: "comment.send"; key: string }
  | { type: "thread.change"; thread: Thread };

/** The comment box should take the focus; a comment was added (keyboard triage then returns to the list). */
export type ThreadTriageEmitted = { type: "comment.focusRequested" } | { type: "comment.added" };

const notProvided = () => Promise.reject(new Error("not provided"));

const fromLoad = ({ triage, receivedAt }: LoadedTriage) => ({
  review: triage.review,
  claim: triage.claim,
  timeline: triage.timeline,
  clockOffsetMs: serverOffset(triage.serverTime, receivedAt),
});

/** A panel of `thread` with nothing loaded yet. */
const freshContext = (thread: Thread): ThreadTriageContext => ({
  thread,
  review: null,
  claim: null,
  timeline: [],
  clockOffsetMs: 0,
  loadError: null,
  claimError: null,
  takingOver: false,
  stateChange: null,
  undoTo: null,
  stateError: null,
  resolutionDraft: "",
  commentDraft: "",
  commentKey: null,
  commentError: null,
});

const currentState = (review: ThreadReview | null): StateRequest => ({
  state: review?.state ?? "new",
  note: review?.resolutionNote ?? "",
});

export const threadTriageMachine = setup({
  types: {
    context: {} as ThreadTriageContext,
    events: {} as ThreadTriageEvent,
    input: {} as Thread,
    emitted: {} as ThreadTriageEmitted,
    tags: {} as "loading" | "holding" | "claimBusy" | "stateBusy" | "commentBusy",
  },
  actors: {
    loadTriage: fromPromise<LoadedTriage, Thread>(notProvided),
    claimThread: fromPromise<ThreadClaim, ClaimInput>(notProvided),
    renewClaim: fromPromise<ThreadClaim, Thread>(notProvided),
    releaseClaim: fromPromise<void, Thread>(notProvided),
    setState: fromPromise<ThreadReview, { thread: Thread; request: StateRequest }>(notProvided),
    addComment: fromPromise<TimelineEntry, CommentInput>(notProvided),
  },
  delays: {
    /** The contract: a claim lives 90 s, renewed every 30 s while the holder's tab is open. */
    heartbeat: 30_000,
  },
  actions: {
    /** Fire and forget: the panel moves to another thread, nobody waits for the answer (the room releases on leaving). */
    abandonClaim: (_, _params: { thread: Thread }) => {},
    /** Keyboard triage then returns to the list (the answers room overrides it to tell itself). */
    announceCommentAdded: emit({ type: "comment.added" }),
    startOver: assign(({ event }) => (event.type === "thread.change" ? freshContext(event.thread) : {})),
  },
  guards: {
    isMine: ({ context }) => context.claim?.mine === true,
    isOthers: ({ context }) => context.claim !== null && !context.claim.mine,
    isNotMine: ({ context }) => context.claim?.mine !== true,
    isFree: ({ context }) => context.claim === null,
    isConflict: (_, params: { error: unknown }) => problemCodeOf(params.error) === "claim_held",
    isLost: (_, params: { error: unknown }) => problemCodeOf(params.error) === "claim_lost",
    isOtherState: ({ context }, params: { state: ReviewState }) => context.review?.state !== params.state,
    canUndo: ({ context }) => context.undoTo !== null && context.undoTo.state !== context.review?.state,
    hasDraft: ({ context }) => context.commentDraft.trim().length > 0,
    isOtherThread: ({ context }, params: { thread: Thread }) =>
      context.thread.observerId !== params.thread.observerId || context.thread.pollingStationId !== params.thread.pollingStationId,
  },
}).createMachine({
  id: "thread-triage",
  description:
    "The triage panel of one answer thread: its review state, who holds it (claimed, renewed every 30 s, released) and its timeline with the staff's comments.",
  context: ({ input }) => freshContext(input),
  initial: "loading",
  on: {
    "thread.change": {
      guard: { type: "isOtherThread", params: ({ event }) => ({ thread: event.thread }) },
      target: ".loading",
      reenter: true,
      description: "Another thread picked in the list: this one's claim is released and the panel starts over (a draft is this thread's)",
      actions: [enqueueActions(({ context, enqueue }) => {
          if (context.claim?.mine) enqueue({ type: "abandonClaim", params: { thread: context.thread } });
        }), "startOver"],
    },
  },
  states: {
    loading: {
      tags: "loading",
      invoke: {
        id: "load",
        src: "loadTriage",
        input: ({ context }) => context.thread,
        onDone: { target: "ready", actions: assign(({ event }) => ({ ...fromLoad(event.output), loadError: null })) },
        onError: { target: "failed", actions: assign({ loadError: ({ event }) => toLoadFailure(event.error) }) },
      },
    },
    failed: {
      on: { "triage.retry": "loading" },
    },
    ready: {
      type: "parallel",
      on: {
        "triage.comment.focus": { actions: emit({ type: "comment.focusRequested" }) },
      },
      states: {
        sync: {
          initial: "idle",
          states: {
            idle: {
              on: { "triage.refresh": "reloading" },
            },
            reloading: {
              description:
                "Keeps everything on screen (a draft comment included) and takes the server's review, claim and timeline; a newer refresh restarts the load, so an older answer never lands",
              invoke: {
                id: "reload",
                src: "loadTriage",
                input: ({ context }) => context.thread,
                onDone: { target: "idle", actions: assign(({ event }) => fromLoad(event.output)) },
                onError: { target: "idle", description: "What is shown stays; the next refresh tries again" },
              },
              on: { "triage.refresh": { target: "reloading", reenter: true } },
            },
          },
        },
        claim: {
          initial: "none",
          states: {
            none: {
              description: "Nobody holds the thread: a prominent Claim button offers it (claiming is never automatic)",
              always: [
                { guard: "isMine", target: "held" },
                { guard: "isOthers", target: "heldByOther" },
              ],
              on: { "triage.claim": { target: "claiming", actions: assign({ claimError: null, takingOver: false }) } },
            },
            claiming: {
              tags: "claimBusy",
              description: "A second claim is ignored here: a double click claims once",
              invoke: {
                id: "claim",
                src: "claimThread",
                input: ({ context }) => ({ thread: context.thread, takeOver: context.takingOver }),
                onDone: { target: "held", actions: [assign({ claim: ({ event }) => event.output }), raise({ type: "triage.refresh" })] },
                onError: [
                  {
                    guard: { type: "isConflict", params: ({ event }) => ({ error: event.error }) },
                    target: "heldByOther",
                    description: "Someone claimed it first: the answer says who",
                    actions: assign({ claim: ({ event }) => conflictClaimOf(event.error) }),
                  },
                  { target: "none", actions: assign({ claimError: ({ event }) => toMutationError(event.error) }) },
                ],
              },
            },
            held: {
              tags: "holding",
              initial: "waiting",
              always: { guard: "isNotMine", target: "lost", description: "A reload shows that someone took it over or that it lapsed" },
              on: { "triage.release": { target: "releasing", actions: assign({ claimError: null }) } },
              states: {
                waiting: {
                  after: { heartbeat: "renewing" },
                },
                renewing: {
                  invoke: {
                    id: "renew",
                    src: "renewClaim",
                    input: ({ context }) => context.thread,
                    onDone: { target: "waiting", actions: assign({ claim: ({ event }) => event.output }) },
                    onError: [
                      {
                        guard: { type: "isLost", params: ({ event }) => ({ error: event.error }) },
                        target: "#thread-triage.ready.claim.lost",
                        actions: [assign({ claim: ({ event }) => conflictClaimOf(event.error) }), raise({ type: "triage.refresh" })],
                      },
                      { target: "waiting", description: "The network failed: the next beat tries again, well within the 90 s a claim lives" },
                    ],
                  },
                },
              },
            },
            lost: {
              description: "The claim lapsed or was taken over (409 claim_lost): the panel says who holds it now",
              on: {
                "triage.claim": [
                  { guard: "isOthers", target: "heldByOther.confirming" },
                  { target: "claiming", actions: assign({ claimError: null, takingOver: false }) },
                ],
                "triage.takeOver": { guard: "isOthers", target: "heldByOther.confirming" },
              },
            },
            heldByOther: {
              initial: "offered",
              always: [
                { guard: "isMine", target: "held" },
                { guard: "isFree", target: "none", description: "A reload shows that the holder released it or it lapsed" },
              ],
              states: {
                offered: {
                  on: {
                    "triage.takeOver": "confirming",
                    "triage.claim": { target: "confirming", description: "Claiming a held thread means taking it over: asked first" },
                  },
                },
                confirming: {
                  on: {
                    "takeOver.confirm": { target: "#thread-triage.ready.claim.claiming", actions: assign({ claimError: null, takingOver: true }) },
                    "takeOver.cancel": "offered",
                  },
                },
              },
            },
            releasing: {
              tags: "claimBusy",
              invoke: {
                id: "release",
                src: "releaseClaim",
                input: ({ context }) => context.thread,
                onDone: { target: "none", actions: [assign({ claim: null }), raise({ type: "triage.refresh" })] },
                onError: { target: "held", actions: assign({ claimError: ({ event }) => toMutationError(event.error) }) },
              },
            },
          },
        },
        state: {
          initial: "idle",
          states: {
            idle: {
              on: {
                "triage.setState": {
                  guard: { type: "isOtherState", params: ({ event }) => ({ state: event.state }) },
                  target: "saving",
                  actions: assign(({ context, event }) => ({
                    stateChange: { state: event.state, note: event.note ?? "", previous: currentState(context.review), undo: false },
                    stateError: null,
                  })),
                },
                "triage.undo": {
                  guard: "canUndo",
                  target: "saving",
                  actions: assign(({ context }) => ({
                    stateChange: { ...context.undoTo!, previous: currentState(context.review), undo: true },
                    stateError: null,
                  })),
                },
                "resolution.start": { target: "resolving", actions: assign({ resolutionDraft: "", stateError: null }) },
              },
            },
            resolving: {
              description: "Resolved was chosen in the panel: the resolution note is asked before the change is sent",
              on: {
                "resolution.edit": { actions: assign({ resolutionDraft: ({ event }) => event.note }) },
                "resolution.cancel": "idle",
                "triage.setState": {
                  guard: { type: "isOtherState", params: ({ event }) => ({ state: event.state }) },
                  target: "saving",
                  actions: assign(({ context, event }) => ({
                    stateChange: { state: event.state, note: event.note ?? "", previous: currentState(context.review), undo: false },
                    stateError: null,
                  })),
                },
              },
            },
            saving: {
              tags: "stateBusy",
              description: "One change at a time: another state asked for meanwhile is ignored",
              invoke: {
                id: "setState",
                src: "setState",
                input: ({ context }) => ({ thread: context.thread, request: { state: context.stateChange!.state, note: context.stateChange!.note } }),
                onDone: {
                  target: "idle",
                  actions: [
                    assign(({ context, event }) => ({
                      review: event.output,
                      undoTo: context.stateChange!.undo ? null : context.stateChange!.previous,
                      stateChange: null,
                      resolutionDraft: "",
                    })),
                    raise({ type: "triage.refresh" }),
                  ],
                },
                onError: { target: "idle", actions: assign({ stateError: ({ event }) => toMutationError(event.error), stateChange: null }) },
              },
            },
          },
        },
        comment: {
          initial: "editing",
          states: {
            editing: {
              on: {
                "comment.edit": { actions: assign({ commentDraft: ({ event }) => event.text }) },
                "comment.send": {
                  guard: "hasDraft",
                  target: "sending",
                  actions: assign({ commentKey: ({ context, event }) => context.commentKey ?? event.key, commentError: null }),
                },
              },
            },
            sending: {
              tags: "commentBusy",
              description: "A second send is ignored here: a double click adds the comment once",
              invoke: {
                id: "comment",
                src: "addComment",
                input: ({ context }) => ({ thread: context.thread, text: context.commentDraft, idempotencyKey: context.commentKey! }),
                onDone: {
                  target: "editing",
                  actions: [
                    assign(({ context, event }) => ({
                      commentDraft: "",
                      commentKey: null,
                      timeline: context.timeline.some((entry) => entry.id === event.output.id) ? context.timeline : [...context.timeline, event.output],
                    })),
                    raise({ type: "triage.refresh" }),
                    "announceCommentAdded",
                  ],
                },
                onError: { target: "failed", actions: assign({ commentError: ({ event }) => toMutationError(event.error) }) },
              },
            },
            failed: {
              description: "The text stays; sending again reuses the key, so a comment that did reach the server is not added twice",
              on: {
                "comment.send": { guard: "hasDraft", target: "sending", actions: assign({ commentError: null }) },
                "comment.edit": {
                  target: "editing",
                  description: "Another text is another comment: it gets a key of its own",
                  actions: assign(({ event }) => ({ commentDraft: event.text, commentKey: null, commentError: null })),
                },
              },
            },
          },
        },
      },
    },
  },
});

export type TriagePanelActor = ActorRefFrom<typeof threadTriageMachine>;
