import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { formOrderMachine } from "./form-order.machine";

function startOrder(ids = [1, 2, 3, 4]) {
  const saves: { ids: number[]; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const rolledBack: unknown[] = [];
  const logic = formOrderMachine.provide({
    actors: {
      saveOrder: fromPromise<unknown, { ids: number[] }>(({ input }) => new Promise((resolve, reject) => saves.push({ ids: input.ids, resolve: () => resolve(null), reject }))),
    },
    actions: { onRolledBack: (_, { error }) => void rolledBack.push(error) },
  });
  const order = createActor(logic).start();
  order.send({ type: "order.load", ids });
  return { order, saves, rolledBack };
}

const shown = (order: ReturnType<typeof startOrder>["order"]) => order.getSnapshot().context.shown;

describe(formOrderMachine.id, () => {
  it("shows a move at once (a move, not a swap) and saves it", async () => {
    const { order, saves } = startOrder();
    order.send({ type: "order.move", from: 0, to: 2 });
    expect(shown(order)).toEqual([2, 3, 1, 4]);
    expect(saves.map((save) => save.ids)).toEqual([[2, 3, 1, 4]]);
    saves[0]!.resolve();
    await waitFor(order, (snapshot) => snapshot.matches("idle"));
    expect(order.getSnapshot().context.saved).toEqual([2, 3, 1, 4]);
  });

  it("saves the moves made during a save right after it, and only then", async () => {
    const { order, saves } = startOrder();
    order.send({ type: "order.move", from: 0, to: 1 });
    order.send({ type: "order.move", from: 3, to: 0 });
    expect(saves).toHaveLength(1);
    saves[0]!.resolve();
    await waitFor(order, () => saves.length === 2);
    expect(saves[1]!.ids).toEqual([4, 2, 1, 3]);
    saves[1]!.resolve();
    await waitFor(order, (snapshot) => snapshot.matches("idle"));
    expect(saves).toHaveLength(2);
  });

  it("puts the list back as the server has it when a save fails, and says so", async () => {
    const { order, saves, rolledBack } = startOrder();
    order.send({ type: "order.move", from: 0, to: 3 });
    saves[0]!.reject({ status: 503, code: "unavailable" });
    await waitFor(order, (snapshot) => snapshot.matches("idle"));
    expect(shown(order)).toEqual([1, 2, 3, 4]);
    expect(rolledBack).toEqual([{ status: 503, code: "unavailable", fieldErrors: {} }]);
  });

  it.each([
    ["onto itself", 1, 1],
    ["out of range", 0, 9],
  ])("ignores a move %s (nothing to save)", (_, from, to) => {
    const { order, saves } = startOrder();
    order.send({ type: "order.move", from, to });
    expect(saves).toHaveLength(0);
    expect(shown(order)).toEqual([1, 2, 3, 4]);
  });
});
