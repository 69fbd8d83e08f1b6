import { assign, emit, fromPromise, setup, type ActorRefFrom } from "xstate";
import { toMutationError, type MutationError } from "../../../../shared/machines/mutation.machine";
import { conflictClaimOf, problemCodeOf } from "./triage.conflict";
import type { ClaimInput, Thread, ThreadClaim } from "./triage.types";

export interface ThreadClaimContext {
  thread: Thread;
  /** Who holds the thread: as the last triage load said, or the last claim, renewal or 409 answered; null for nobody. */
  claim: ThreadClaim | null;
  claimError: MutationError | null;
  /** The claim being sent takes the thread from its holder (a confirmed takeover). */
  takingOver: boolean;
}

/** What the user does to the claim: the triage panel passes these on (the keyboard triage's c among them). */
export type ClaimCommand =
  | { type: "triage.claim" }
  | { type: "triage.takeOver" }
  | { type: "takeOver.confirm" }
  | { type: "takeOver.cancel" }
  | { type: "triage.release" };

export type ThreadClaimEvent =
  | ClaimCommand
  /** The triage panel (re)loaded the thread: who holds it on the server now. */
  | { type: "claim.loaded"; claim: ThreadClaim | null }
  /** The panel moved to another thread. */
  | { type: "thread.change"; thread: Thread };

/** The holder changed through this panel, or the panel learned that it changed: the timeline has news. */
export type ThreadClaimEmitted = { type: "claim.changed" };

const notProvided = () => Promise.reject(new Error("not provided"));

/** The claim of `thread` before its first load: nobody known to hold it. */
const unknownClaim = (thread: Thread): ThreadClaimContext => ({ thread, claim: null, claimError: null, takingOver: false });

export const threadClaimMachine = setup({
  types: {
    context: {} as ThreadClaimContext,
    events: {} as ThreadClaimEvent,
    input: {} as Thread,
    emitted: {} as ThreadClaimEmitted,
    tags: {} as "holding" | "claimBusy",
  },
  actors: {
    claimThread: fromPromise<ThreadClaim, ClaimInput>(notProvided),
    renewClaim: fromPromise<ThreadClaim, Thread>(notProvided),
    releaseClaim: fromPromise<void, Thread>(notProvided),
  },
  delays: {
    /** The contract: a claim lives 90 s, renewed every 30 s while the holder's tab is open. */
    heartbeat: 30_000,
  },
  actions: {
    /** Fire and forget: the panel moves to another thread, nobody waits for the answer. */
    abandonClaim: (_, _params: { thread: Thread }) => {},
    /** The triage panel overrides it to reload itself: its timeline then tells of the claim, the release or the loss. */
    announceClaimChanged: emit({ type: "claim.changed" }),
    takeThread: assign((_, params: { thread: Thread }) => unknownClaim(params.thread)),
    keepClaim: assign((_, params: { claim: ThreadClaim | null }) => ({ claim: params.claim })),
    startClaim: assign({ claimError: null, takingOver: false }),
    startTakeOver: assign({ claimError: null, takingOver: true }),
    startRelease: assign({ claimError: null }),
    recordClaimError: assign((_, params: { error: unknown }) => ({ claimError: toMutationError(params.error) })),
  },
  guards: {
    isMine: ({ context }) => context.claim?.mine === true,
    isOthers: ({ context }) => context.claim !== null && !context.claim.mine,
    isNotMine: ({ context }) => context.claim?.mine !== true,
    isFree: ({ context }) => context.claim === null,
    isConflict: (_, params: { error: unknown }) => problemCodeOf(params.error) === "claim_held",
    isLost: (_, params: { error: unknown }) => problemCodeOf(params.error) === "claim_lost",
  },
}).createMachine({
  id: "threadClaim",
  description:
    "Who holds one answer thread, in its triage panel: claimed on request (never automatically), renewed every 30 s while held, released, taken over after a confirmation, lost when a renewal or a load shows that someone else holds it.",
  context: ({ input }) => unknownClaim(input),
  initial: "unknown",
  on: {
    "claim.loaded": {
      description: "A reload brings the server's holder: held, held by another and nobody follow it",
      actions: { type: "keepClaim", params: ({ event }) => ({ claim: event.claim }) },
    },
    "thread.change": [
      {
        guard: "isMine",
        target: ".unknown",
        description: "The claim is released as the panel leaves the thread, so that nobody waits 90 s for it to lapse",
        actions: [{ type: "abandonClaim", params: ({ context }) => ({ thread: context.thread }) }, { type: "takeThread", params: ({ event }) => ({ thread: event.thread }) }],
      },
      { target: ".unknown", actions: { type: "takeThread", params: ({ event }) => ({ thread: event.thread }) } },
    ],
  },
  states: {
    unknown: {
      description: "The thread's triage is loading: who holds it is not known yet, so nothing can be claimed",
      on: { "claim.loaded": { target: "none", actions: { type: "keepClaim", params: ({ event }) => ({ claim: event.claim }) } } },
    },
    none: {
      description: "Nobody holds the thread: a prominent Claim button offers it (claiming is never automatic)",
      always: [
        { guard: "isMine", target: "held" },
        { guard: "isOthers", target: "heldByOther" },
      ],
      on: { "triage.claim": { target: "claiming", actions: "startClaim" } },
    },
    claiming: {
      tags: "claimBusy",
      description: "A second claim is ignored here: a double click claims once",
      invoke: {
        id: "claim",
        src: "claimThread",
        input: ({ context }) => ({ thread: context.thread, takeOver: context.takingOver }),
        onDone: { target: "held", actions: [{ type: "keepClaim", params: ({ event }) => ({ claim: event.output }) }, "announceClaimChanged"] },
        onError: [
          {
            guard: { type: "isConflict", params: ({ event }) => ({ error: event.error }) },
            target: "heldByOther",
            description: "Someone claimed it first: the answer says who",
            actions: { type: "keepClaim", params: ({ event }) => ({ claim: conflictClaimOf(event.error) }) },
          },
          { target: "none", actions: { type: "recordClaimError", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    held: {
      tags: "holding",
      initial: "waiting",
      always: { guard: "isNotMine", target: "lost", description: "A reload shows that someone took it over or that it lapsed" },
      on: { "triage.release": { target: "releasing", actions: "startRelease" } },
      states: {
        waiting: {
          after: { heartbeat: "renewing" },
        },
        renewing: {
          invoke: {
            id: "renew",
            src: "renewClaim",
            input: ({ context }) => context.thread,
            onDone: { target: "waiting", actions: { type: "keepClaim", params: ({ event }) => ({ claim: event.output }) } },
            onError: [
              {
                guard: { type: "isLost", params: ({ event }) => ({ error: event.error }) },
                target: "#threadClaim.lost",
                actions: [{ type: "keepClaim", params: ({ event }) => ({ claim: conflictClaimOf(event.error) }) }, "announceClaimChanged"],
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
          { target: "claiming", actions: "startClaim" },
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
            "takeOver.confirm": { target: "#threadClaim.claiming", actions: "startTakeOver" },
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
        onDone: { target: "none", actions: [{ type: "keepClaim", params: { claim: null } }, "announceClaimChanged"] },
        onError: { target: "held", actions: { type: "recordClaimError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type ThreadClaimActor = ActorRefFrom<typeof threadClaimMachine>;
