import { assign, fromPromise, setup } from "xstate";
import type { ChosenOption, FormAnswers } from "../outbox/observer-writes";

export type FormAnswersEvent = { type: "answer.change"; questionId: number; options: ChosenOption[] };

export const formAnswersMachine = setup({
  types: {
    context: {} as { answers: FormAnswers },
    events: {} as FormAnswersEvent,
  },
  actors: {
    loadAnswers: fromPromise<FormAnswers>(() => Promise.resolve({})),
  },
  actions: {
    keep: (_, _params: { answers: FormAnswers }) => {},
  },
}).createMachine({
  id: "form-answers",
  description: "A form at a station: the answers given before come back from the phone; every change is kept and queued at once.",
  context: { answers: {} },
  initial: "loading",
  states: {
    loading: {
      invoke: { src: "loadAnswers", onDone: { target: "answering", actions: assign({ answers: ({ event }) => event.output }) }, onError: "answering" },
    },
    answering: {
      on: {
        "answer.change": {
          actions: [
            assign({ answers: ({ context, event }) => ({ ...context.answers, [event.questionId]: event.options }) }),
            { type: "keep", params: ({ context }) => ({ answers: context.answers }) },
          ],
        },
      },
    },
  },
});
