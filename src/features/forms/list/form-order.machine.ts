import { assign, fromPromise, setup } from "xstate";
import { toPageError, type PageError } from "../../../shared/machines/page-error";
import { moveItem } from "../editor/form-document";

export interface FormOrderContext {
  /** The forms' ids as shown, moves applied at once (optimistic). */
  shown: number[];
  /** The order the server holds: a failed save goes back to it. */
  saved: number[];
  /** The order the save under way sends. */
  sending: number[];
  error: PageError | null;
}

export type FormOrderEvent =
  | { type: "order.load"; ids: number[] }
  | { type: "order.move"; from: number; to: number }
  | { type: "order.dismissError" };

const sameOrder = (left: readonly number[], right: readonly number[]) =>
  left.length === right.length && left.every((id, index) => id === right[index]);

export const formOrderMachine = setup({
  types: {
    context: {} as FormOrderContext,
    events: {} as FormOrderEvent,
    tags: {} as "saving",
  },
  actors: {
    saveOrder: fromPromise<unknown, { ids: number[] }>(() => Promise.reject(new Error("saveOrder is not provided"))),
  },
  guards: {
    isMove: ({ context, event }) =>
      event.type === "order.move" &&
      event.from !== event.to &&
      [event.from, event.to].every((index) => Number.isInteger(index) && index >= 0 && index < context.shown.length),
    movedSinceSent: ({ context }) => !sameOrder(context.shown, context.sending),
  },
  actions: {
    load: assign(({ event }) => (event.type === "order.load" ? { shown: event.ids, saved: event.ids, error: null } : {})),
    move: assign(({ context, event }) => (event.type === "order.move" ? { shown: moveItem(context.shown, event.from, event.to), error: null } : {})),
    send: assign(({ context }) => ({ sending: context.shown })),
    keepSent: assign(({ context }) => ({ saved: context.sending })),
    rollBack: assign(({ context, event }) => ({ shown: context.saved, error: toPageError((event as { error?: unknown }).error) })),
    onRolledBack: (_, _params: { error: PageError }) => {},
  },
}).createMachine({
  id: "formOrder",
  description:
    "The order of the forms list: a move shows at once and is saved on the server; moves made while a save runs are saved right after it; a failed save puts the list back as the server has it and says so.",
  context: { shown: [], saved: [], sending: [], error: null },
  initial: "idle",
  states: {
    idle: {
      on: {
        "order.load": { actions: "load" },
        "order.move": { guard: "isMove", target: "saving", actions: "move" },
        "order.dismissError": { actions: assign({ error: null }) },
      },
    },
    saving: {
      tags: "saving",
      entry: "send",
      on: { "order.move": { guard: "isMove", actions: "move" } },
      invoke: {
        id: "saveOrder",
        src: "saveOrder",
        input: ({ context }) => ({ ids: context.sending }),
        onDone: [
          { guard: "movedSinceSent", target: "saving", reenter: true, actions: "keepSent" },
          { target: "idle", actions: "keepSent" },
        ],
        onError: {
          target: "idle",
          actions: ["rollBack", { type: "onRolledBack", params: ({ context }) => ({ error: context.error ?? toPageError(null) }) }],
        },
      },
    },
  },
});
