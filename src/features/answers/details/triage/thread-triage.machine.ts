import { assign, emit, forwardTo, fromPromise, raise, sendParent, sendTo, setup, type ActorRefFrom } from "xstate";
import { toLoadFailure, type LoadFailure } from "../../../../shared/machines/load-failure";
import { toMutationError, type MutationError } from "../../../../shared/machines/mutation.machine";
import { required } from "../../../../shared/machines/required";
import { serverOffset } from "../../../../shared/server-clock";
import { threadClaimMachine, type ClaimCommand } from "./thread-claim.machine";
import type { CommentInput, LoadedTriage, ReviewState, StateRequest, Thread, ThreadClaim, ThreadReview, ThreadSubject, TimelineEntry } from "./triage.types";

export interface ThreadTriageContext {
  thread: Thread;
  /** The thread's observer and station by name, from the last load; null before the first. */
  subject: ThreadSubject | null;
  review: ThreadReview | null;
  timeline: TimelineEntry[];
  /** The server's clock minus the browser's, in ms: ages are computed from the server's time. */
  clockOffsetMs: number;
  loadError: LoadFailure | null;
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
  | ClaimCommand
  | { type: "triage.retry" }
  | { type: "resolution.start" }
  | { type: "resolution.edit"; note: string }
  | { type: "resolution.cancel" }
  | { type: "comment.edit"; text: string }
  /** `key` is a fresh idempotency key; it is used only when the draft has none yet. */
  | { type: "comment.send"; key: string }
  | { type: "thread.change"; thread: Thread };

/** The comment box should take the focus; a comment was added (keyboard triage then returns to the list). */
export type ThreadTriageEmitted = { type: "comment.focusRequested" } | { type: "comment.added" };

/** The claim region as the panel runs it: a change of holder makes the panel reload (its timeline tells of it). */
export const panelClaimMachine = threadClaimMachine.provide({ actions: { announceClaimChanged: sendParent({ type: "triage.refresh" }) } });

const notProvided = () => Promise.reject(new Error("not provided"));

/** A panel of `thread` with nothing loaded yet. */
const freshContext = (thread: Thread): ThreadTriageContext => ({
  thread,
  subject: null,
  review: null,
  timeline: [],
  clockOffsetMs: 0,
  loadError: null,
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
    tags: {} as "loading" | "stateBusy" | "commentBusy",
    children: {} as { claim: "threadClaim" },
  },
  actors: {
    loadTriage: fromPromise<LoadedTriage, Thread>(notProvided),
    setState: fromPromise<ThreadReview, { thread: Thread; request: StateRequest }>(notProvided),
    addComment: fromPromise<TimelineEntry, CommentInput>(notProvided),
    threadClaim: panelClaimMachine,
  },
  actions: {
    /** Keyboard triage then returns to the list (the answers room overrides it to tell itself). */
    announceCommentAdded: emit({ type: "comment.added" }),
    askForCommentFocus: emit({ type: "comment.focusRequested" }),
    reload: raise({ type: "triage.refresh" }),
    startOver: assign((_, params: { thread: Thread }) => freshContext(params.thread)),
    passToClaim: forwardTo("claim"),
    tellClaimTheHolder: sendTo("claim", (_, params: { claim: ThreadClaim | null }) => ({ type: "claim.loaded" as const, claim: params.claim })),
    keepLoaded: assign((_, { triage, receivedAt }: LoadedTriage) => ({
      subject: {
        idPollingStation: triage.idPollingStation,
        observerName: triage.observerName,
        pollingStationName: triage.pollingStationName,
        locality: triage.locality,
        address: triage.address,
      },
      review: triage.review,
      timeline: triage.timeline,
      clockOffsetMs: serverOffset(triage.serverTime, receivedAt),
      loadError: null,
    })),
    recordLoadError: assign((_, params: { error: unknown }) => ({ loadError: toLoadFailure(params.error) })),
    startStateChange: assign(({ context }, params: { request: StateRequest; undo: boolean }) => ({
      stateChange: { ...params.request, previous: currentState(context.review), undo: params.undo },
      stateError: null,
    })),
    keepSavedState: assign(({ context }, params: { review: ThreadReview }) => ({
      review: params.review,
      // Undoing an undo is no undo: the panel offers one step back, not a history.
      undoTo: context.stateChange && !context.stateChange.undo ? context.stateChange.previous : null,
      stateChange: null,
      resolutionDraft: "",
    })),
    recordStateError: assign((_, params: { error: unknown }) => ({ stateError: toMutationError(params.error), stateChange: null })),
    startResolution: assign({ resolutionDraft: "", stateError: null }),
    editResolution: assign((_, params: { note: string }) => ({ resolutionDraft: params.note })),
    editComment: assign((_, params: { text: string }) => ({ commentDraft: params.text })),
    keyComment: assign(({ context }, params: { key: string }) => ({ commentKey: context.commentKey ?? params.key, commentError: null })),
    resendComment: assign({ commentError: null }),
    keepAddedComment: assign(({ context }, params: { entry: TimelineEntry }) => ({
      commentDraft: "",
      commentKey: null,
      // A reload may have brought it first.
      timeline: context.timeline.some((entry) => entry.id === params.entry.id) ? context.timeline : [...context.timeline, params.entry],
    })),
    recordCommentError: assign((_, params: { error: unknown }) => ({ commentError: toMutationError(params.error) })),
    startNewComment: assign((_, params: { text: string }) => ({ commentDraft: params.text, commentKey: null, commentError: null })),
  },
  guards: {
    isOtherState: ({ context }, params: { state: ReviewState }) => context.review?.state !== params.state,
    canUndo: ({ context }) => context.undoTo !== null && context.undoTo.state !== context.review?.state,
    hasDraft: ({ context }) => context.commentDraft.trim().length > 0,
    isOtherThread: ({ context }, params: { thread: Thread }) =>
      context.thread.observerId !== params.thread.observerId || context.thread.pollingStationId !== params.thread.pollingStationId,
  },
}).createMachine({
  id: "threadTriage",
  description:
    "The triage panel of one answer thread: its review state and its timeline with the staff's comments; who holds the thread is its claim child's (thread-claim.machine.ts), told of every load.",
  context: ({ input }) => freshContext(input),
  invoke: {
    id: "claim",
    src: "threadClaim",
    input: ({ context }) => context.thread,
  },
  initial: "loading",
  on: {
    "thread.change": {
      guard: { type: "isOtherThread", params: ({ event }) => ({ thread: event.thread }) },
      // No reenter: the machine's root and its claim child stay; every state below it is left and loading entered anew.
      target: ".loading",
      description: "Another thread picked in the list: the panel starts over (a draft is this thread's); the claim child releases a claim it holds",
      actions: ["passToClaim", { type: "startOver", params: ({ event }) => ({ thread: event.thread }) }],
    },
  },
  states: {
    loading: {
      tags: "loading",
      invoke: {
        id: "load",
        src: "loadTriage",
        input: ({ context }) => context.thread,
        onDone: {
          target: "ready",
          actions: [
            { type: "keepLoaded", params: ({ event }) => event.output },
            { type: "tellClaimTheHolder", params: ({ event }) => ({ claim: event.output.triage.claim }) },
          ],
        },
        onError: { target: "failed", actions: { type: "recordLoadError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { "triage.retry": "loading" },
    },
    ready: {
      type: "parallel",
      on: {
        "triage.comment.focus": { actions: "askForCommentFocus" },
        "triage.claim": { actions: "passToClaim" },
        "triage.takeOver": { actions: "passToClaim" },
        "takeOver.confirm": { actions: "passToClaim" },
        "takeOver.cancel": { actions: "passToClaim" },
        "triage.release": { actions: "passToClaim" },
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
                onDone: {
                  target: "idle",
                  actions: [
                    { type: "keepLoaded", params: ({ event }) => event.output },
                    { type: "tellClaimTheHolder", params: ({ event }) => ({ claim: event.output.triage.claim }) },
                  ],
                },
                onError: { target: "idle", description: "What is shown stays; the next refresh tries again" },
              },
              on: { "triage.refresh": { target: "reloading", reenter: true } },
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
                  actions: { type: "startStateChange", params: ({ event }) => ({ request: { state: event.state, note: event.note ?? "" }, undo: false }) },
                },
                "triage.undo": {
                  guard: "canUndo",
                  target: "saving",
                  actions: { type: "startStateChange", params: ({ context }) => ({ request: required(context.undoTo, "the state to undo to"), undo: true }) },
                },
                "resolution.start": { target: "resolving", actions: "startResolution" },
              },
            },
            resolving: {
              description: "Resolved was chosen in the panel: the resolution note is asked before the change is sent",
              on: {
                "resolution.edit": { actions: { type: "editResolution", params: ({ event }) => ({ note: event.note }) } },
                "resolution.cancel": "idle",
                "triage.setState": {
                  guard: { type: "isOtherState", params: ({ event }) => ({ state: event.state }) },
                  target: "saving",
                  actions: { type: "startStateChange", params: ({ event }) => ({ request: { state: event.state, note: event.note ?? "" }, undo: false }) },
                },
              },
            },
            saving: {
              tags: "stateBusy",
              description: "One change at a time: another state asked for meanwhile is ignored",
              invoke: {
                id: "setState",
                src: "setState",
                input: ({ context }) => {
                  const { state, note } = required(context.stateChange, "the change being saved");
                  return { thread: context.thread, request: { state, note } };
                },
                onDone: { target: "idle", actions: [{ type: "keepSavedState", params: ({ event }) => ({ review: event.output }) }, "reload"] },
                onError: { target: "idle", actions: { type: "recordStateError", params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        comment: {
          initial: "editing",
          states: {
            editing: {
              on: {
                "comment.edit": { actions: { type: "editComment", params: ({ event }) => ({ text: event.text }) } },
                "comment.send": { guard: "hasDraft", target: "sending", actions: { type: "keyComment", params: ({ event }) => ({ key: event.key }) } },
              },
            },
            sending: {
              tags: "commentBusy",
              description: "A second send is ignored here: a double click adds the comment once",
              invoke: {
                id: "comment",
                src: "addComment",
                input: ({ context }) => ({ thread: context.thread, text: context.commentDraft, idempotencyKey: required(context.commentKey, "the comment's key") }),
                onDone: {
                  target: "editing",
                  actions: [{ type: "keepAddedComment", params: ({ event }) => ({ entry: event.output }) }, "reload", "announceCommentAdded"],
                },
                onError: { target: "failed", actions: { type: "recordCommentError", params: ({ event }) => ({ error: event.error }) } },
              },
            },
            failed: {
              description: "The text stays; sending again reuses the key, so a comment that did reach the server is not added twice",
              on: {
                "comment.send": { guard: "hasDraft", target: "sending", actions: "resendComment" },
                "comment.edit": {
                  target: "editing",
                  description: "Another text is another comment: it gets a key of its own",
                  actions: { type: "startNewComment", params: ({ event }) => ({ text: event.text }) },
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
