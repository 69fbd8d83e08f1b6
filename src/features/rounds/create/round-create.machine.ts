import { assertEvent, assign, fromPromise, setup } from "xstate";
import { toLoadFailure, type LoadFailure } from "../../../shared/machines/load-failure";
import { isRetryable, toMutationError, type MutationError } from "../../../shared/machines/mutation.machine";
import { changeRoundDraft, draftFromSource, normalName, roundDraftProblems, type RoundDraft, type RoundDraftField, type RoundSource } from "./round-draft";

/** The round as the server answered it once created (and once started, when the wizard starts it). */
export interface CreatedRound {
  id: number;
  name: string;
  status: string;
}

export interface RoundCreateInput {
  fromRoundId: number | null;
  /** The draft kept from an earlier visit of this page (a reload keeps the user's choices), or null. */
  kept: Partial<RoundDraft> | null;
}

export interface RoundCreateContext {
  fromRoundId: number | null;
  kept: Partial<RoundDraft> | null;
  source: RoundSource | null;
  draft: RoundDraft | null;
  /** Next was refused: the step's problems are shown from then on. */
  showProblems: boolean;
  /** A name the server found taken (409 duplicate_round_name), trimmed and lower-cased as the server compares it. */
  takenName: string | null;
  created: CreatedRound | null;
  loadError: LoadFailure | null;
  error: MutationError | null;
}

export type RoundCreateEvent =
  | { type: "draft.change"; field: RoundDraftField; value: unknown }
  | { type: "step.next" }
  | { type: "step.back" }
  | { type: "round.create" }
  | { type: "round.retry" }
  | { type: "round.start" }
  | { type: "load.retry" };

const STEP_FIELDS = {
  details: ["name", "electionDay"],
  contents: ["ngoIds"],
} as const satisfies Record<string, readonly RoundDraftField[]>;

const stepIsValid = (context: RoundCreateContext, step: keyof typeof STEP_FIELDS) => {
  const problems = roundDraftProblems(context.draft!, context.takenName);
  return STEP_FIELDS[step].every((field) => problems[field] === undefined);
};

export const roundCreateMachine = setup({
  types: {
    context: {} as RoundCreateContext,
    events: {} as RoundCreateEvent,
    input: {} as RoundCreateInput,
    tags: {} as "busy",
  },
  actors: {
    loadSource: fromPromise<RoundSource, { fromRoundId: number | null }>(() => Promise.reject(new Error("loadSource is not provided"))),
    createRound: fromPromise<CreatedRound, { source: RoundSource; draft: RoundDraft }>(() => Promise.reject(new Error("createRound is not provided"))),
    startRound: fromPromise<CreatedRound, { roundId: number }>(() => Promise.reject(new Error("startRound is not provided"))),
  },
  guards: {
    detailsValid: ({ context }) => stepIsValid(context, "details"),
    contentsValid: ({ context }) => stepIsValid(context, "contents"),
    startsWhenCreated: ({ context }) => context.draft?.startNow === true,
    isNameTaken: (_, params: { error: unknown }) => toMutationError(params.error).code === "duplicate_round_name",
    canRetry: ({ context }) => isRetryable(context.error),
    isPreparing: ({ context }) => context.created?.status === "preparing",
  },
  actions: {
    takeSource: assign((_, params: { source: RoundSource }) => ({ source: params.source, loadError: null })),
    startDraft: assign(({ context }) => ({ draft: draftFromSource(context.source!, context.kept) })),
    recordLoadError: assign((_, params: { error: unknown }) => ({ loadError: toLoadFailure(params.error) })),
    changeDraft: assign(({ context, event }) => {
      assertEvent(event, "draft.change");
      return { draft: changeRoundDraft(context.draft!, event.field, event.value) };
    }),
    showProblems: assign({ showProblems: true }),
    hideProblems: assign({ showProblems: false }),
    takeCreated: assign((_, params: { round: CreatedRound }) => ({ created: params.round, error: null })),
    recordError: assign((_, params: { error: unknown }) => ({ error: toMutationError(params.error) })),
    recordTakenName: assign(({ context }) => ({ takenName: normalName(context.draft!.name).toLowerCase(), showProblems: true })),
    keepDraft: (_, _params: { draft: RoundDraft }) => {},
    forgetDraft: () => {},
    announceCreated: (_, _params: { round: CreatedRound }) => {},
    announceStarted: (_, _params: { round: CreatedRound }) => {},
  },
}).createMachine({
  id: "round-create",
  description:
    "Start a round, empty or from another: its name and day, what to copy and who takes part, a review of what it will create, then the creation (one transaction on the server) and, when asked, the start.",
  context: ({ input }) => ({
    fromRoundId: input.fromRoundId,
    kept: input.kept,
    source: null,
    draft: null,
    showProblems: false,
    takenName: null,
    created: null,
    loadError: null,
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: "busy",
      invoke: {
        id: "loadSource",
        src: "loadSource",
        input: ({ context }) => ({ fromRoundId: context.fromRoundId }),
        onDone: { target: "editing", actions: [{ type: "takeSource", params: ({ event }) => ({ source: event.output }) }, "startDraft"] },
        onError: { target: "loadFailed", actions: { type: "recordLoadError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { "load.retry": "loading" },
    },
    editing: {
      initial: "details",
      on: {
        "draft.change": {
          actions: ["changeDraft", { type: "keepDraft", params: ({ context }) => ({ draft: context.draft! }) }],
        },
      },
      states: {
        details: {
          on: {
            "step.next": [
              { guard: "detailsValid", target: "contents", actions: "hideProblems" },
              { actions: "showProblems", description: "Stays on the step and shows what is wrong with each field" },
            ],
          },
        },
        contents: {
          on: {
            "step.back": { target: "details", actions: "hideProblems" },
            "step.next": [
              { guard: "contentsValid", target: "review", actions: "hideProblems" },
              { actions: "showProblems", description: "Chosen NGOs, but none ticked" },
            ],
          },
        },
        review: {
          description: "What the round will hold, read from the counts of the round it copies; nothing is created yet",
          on: {
            "step.back": "contents",
            "round.create": "#round-create.creating",
          },
        },
      },
    },
    creating: {
      tags: "busy",
      description: "One request: the server copies everything in one transaction, so a failure leaves no half-made round",
      invoke: {
        id: "createRound",
        src: "createRound",
        input: ({ context }) => ({ source: context.source!, draft: context.draft! }),
        onDone: [
          {
            guard: "startsWhenCreated",
            target: "starting",
            actions: [
              { type: "takeCreated", params: ({ event }) => ({ round: event.output }) },
              "forgetDraft",
              { type: "announceCreated", params: ({ event }) => ({ round: event.output }) },
            ],
          },
          {
            target: "created",
            actions: [
              { type: "takeCreated", params: ({ event }) => ({ round: event.output }) },
              "forgetDraft",
              { type: "announceCreated", params: ({ event }) => ({ round: event.output }) },
            ],
          },
        ],
        onError: [
          {
            guard: { type: "isNameTaken", params: ({ event }) => ({ error: event.error }) },
            target: "editing.details",
            actions: [{ type: "recordError", params: ({ event }) => ({ error: event.error }) }, "recordTakenName"],
            description: "Another round has the name (or a double click already made this one): back to the name, which says so",
          },
          { target: "failed", actions: { type: "recordError", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      on: {
        "round.retry": { guard: "canRetry", target: "creating", description: "Only a network or server failure is worth the same request again" },
        "step.back": "editing.review",
      },
    },
    starting: {
      tags: "busy",
      description: "The round exists; starting it is a second request, and its failure leaves the round created, in preparation",
      invoke: {
        id: "startRound",
        src: "startRound",
        input: ({ context }) => ({ roundId: context.created!.id }),
        onDone: {
          target: "created",
          actions: [
            { type: "takeCreated", params: ({ event }) => ({ round: event.output }) },
            { type: "announceStarted", params: ({ event }) => ({ round: event.output }) },
          ],
        },
        onError: { target: "created", actions: { type: "recordError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    created: {
      description: "What next: start it (when still in preparation), review its forms, import its polling stations",
      on: {
        "round.start": { guard: "isPreparing", target: "starting" },
      },
    },
  },
});
