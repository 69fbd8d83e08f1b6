import { assign, fromPromise, setup } from "xstate";
import { toLoadFailure, type LoadFailure } from "../../../shared/machines/load-failure";
import { required } from "../../../shared/machines/required";
import type { AnsweredForms, FormSummary, FullForm, Note, StationFacts, Thread } from "./details.types";

export interface DetailsContext {
  thread: Thread;
  questions: AnsweredForms["questions"];
  /** The forms' metadata: the tabs are titled by their descriptions. */
  forms: FormSummary[];
  notes: Note[];
  /** null when the observer recorded no facts at the station (or they failed to load: see stationError). */
  station: StationFacts | null;
  /** The station facts failed: the answers and notes stay on screen, only that block shows the error. */
  stationError: LoadFailure | null;
  /** Why the answers or the notes failed: the whole pane shows it with a retry. */
  error: LoadFailure | null;
  selectedFormId: number | null;
  formError: LoadFailure | null;
}

export type DetailsEvent =
  | { type: "thread.change"; thread: Thread }
  | { type: "details.retry" }
  | { type: "form.select"; formId: number }
  | { type: "form.retry" };

const cleared = {
  questions: [],
  forms: [],
  notes: [],
  station: null,
  stationError: null,
  error: null,
  selectedFormId: null,
  formError: null,
} satisfies Omit<DetailsContext, "thread">;

const notProvided = () => Promise.reject(new Error("not provided"));

export const detailsMachine = setup({
  types: {
    context: {} as DetailsContext,
    events: {} as DetailsEvent,
    input: {} as Thread,
    tags: {} as "busy" | "formBusy",
  },
  actors: {
    loadAnswers: fromPromise<AnsweredForms, Thread>(notProvided),
    loadNotes: fromPromise<Note[], Thread>(notProvided),
    /** null: nothing recorded at the station (the contract's 204). */
    loadStation: fromPromise<StationFacts | null, Thread>(notProvided),
    /** The page's implementation answers from the forms store when the form is already there: loaded once. */
    loadForm: fromPromise<FullForm, { formId: number }>(notProvided),
  },
  actions: {
    /** The page keeps the forms' metadata in the forms store. */
    formsListed: (_, _params: { forms: FormSummary[] }) => {},
    /** The page keeps the full form in the forms store. */
    formLoaded: (_, _params: { form: FullForm }) => {},
  },
  guards: {
    isOtherThread: ({ context }, params: { thread: Thread }) =>
      context.thread.observerId !== params.thread.observerId || context.thread.pollingStationId !== params.thread.pollingStationId,
    hasNoAnswers: ({ context }) => context.questions.length === 0,
    isOtherForm: ({ context }, params: { formId: number }) => context.selectedFormId !== params.formId,
  },
}).createMachine({
  id: "details",
  description:
    "The details pane of one answer thread (an observer at a station): answers, notes and station facts load in parallel; each form tab loads its full form on first selection.",
  context: ({ input }) => ({ thread: input, ...cleared }),
  initial: "loading",
  on: {
    "thread.change": {
      guard: { type: "isOtherThread", params: ({ event }) => ({ thread: event.thread }) },
      target: ".loading",
      reenter: true,
      actions: assign(({ event }) => ({ thread: event.thread, ...cleared })),
    },
  },
  states: {
    loading: {
      type: "parallel",
      tags: "busy",
      description: "Three loads at once; leaving (another thread, a failure, the page closing) aborts those still running",
      onDone: "loaded",
      states: {
        answers: {
          initial: "pending",
          states: {
            pending: {
              invoke: {
                id: "answers",
                src: "loadAnswers",
                input: ({ context }) => context.thread,
                onDone: {
                  target: "settled",
                  actions: [
                    assign(({ event }) => ({ questions: event.output.questions, forms: event.output.forms })),
                    { type: "formsListed", params: ({ event }) => ({ forms: event.output.forms }) },
                  ],
                },
                onError: { target: "#details.failed", actions: assign({ error: ({ event }) => toLoadFailure(event.error) }) },
              },
            },
            settled: { type: "final" },
          },
        },
        notes: {
          initial: "pending",
          states: {
            pending: {
              invoke: {
                id: "notes",
                src: "loadNotes",
                input: ({ context }) => context.thread,
                onDone: { target: "settled", actions: assign({ notes: ({ event }) => event.output }) },
                onError: { target: "#details.failed", actions: assign({ error: ({ event }) => toLoadFailure(event.error) }) },
              },
            },
            settled: { type: "final" },
          },
        },
        station: {
          initial: "pending",
          states: {
            pending: {
              invoke: {
                id: "station",
                src: "loadStation",
                input: ({ context }) => context.thread,
                onDone: { target: "settled", actions: assign({ station: ({ event }) => event.output }) },
                // Only its own flag: the answers do not depend on the station facts.
                onError: { target: "settled", actions: assign({ stationError: ({ event }) => toLoadFailure(event.error) }) },
              },
            },
            settled: { type: "final" },
          },
        },
      },
    },
    loaded: {
      initial: "choosing",
      on: {
        "form.select": {
          guard: { type: "isOtherForm", params: ({ event }) => ({ formId: event.formId }) },
          target: ".loadingForm",
          actions: assign({ selectedFormId: ({ event }) => event.formId, formError: null }),
        },
      },
      states: {
        choosing: {
          description: "The first form's tab opens by itself",
          always: [
            { guard: "hasNoAnswers", target: "noForms" },
            { target: "loadingForm", actions: assign({ selectedFormId: ({ context }) => context.questions[0]?.formId ?? null }) },
          ],
        },
        noForms: {},
        loadingForm: {
          tags: "formBusy",
          invoke: {
            id: "form",
            src: "loadForm",
            // Chosen by the tab or, with answers, the first form: never a load without a form.
            input: ({ context }) => ({ formId: required(context.selectedFormId, "the selected form") }),
            onDone: { target: "formShown", actions: { type: "formLoaded", params: ({ event }) => ({ form: event.output }) } },
            onError: { target: "formFailed", actions: assign({ formError: ({ event }) => toLoadFailure(event.error) }) },
          },
        },
        formShown: {},
        formFailed: {
          on: { "form.retry": { target: "loadingForm", actions: assign({ formError: null }) } },
        },
      },
    },
    failed: {
      on: { "details.retry": { target: "loading", actions: assign(cleared) } },
    },
  },
});
