import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { formListMachine, type FormListItem } from "./form-list.machine";
import { formOrderMachine } from "./form-order.machine";
import { selectCanReorder, selectShownIds } from "./form-list.selectors";

const form = (id: number): FormListItem => ({ id, code: `F${id}`, description: `Form ${id}`, diaspora: false, draft: false });
const forms = (count: number) => Array.from({ length: count }, (_, index) => form(index + 1));

/** The list with loads that the test answers one at a time, and saves that only record what they were sent (they never end). */
function startList({ reorderable = true } = {}) {
  const loads: { resolve: (forms: FormListItem[]) => void }[] = [];
  const saves: number[][] = [];
  const logic = formListMachine.provide({
    actors: {
      loadForms: fromPromise<FormListItem[]>(() => new Promise((resolve) => loads.push({ resolve }))),
      order: formOrderMachine.provide({
        actors: {
          saveOrder: fromPromise<unknown, { ids: number[] }>(({ input }) => {
            saves.push(input.ids);
            return new Promise(() => {});
          }),
        },
      }),
    },
  });
  const list = createActor(logic, { input: { pageSize: 10, reorderable } }).start();
  const answer = async (items: FormListItem[]) => {
    loads.at(-1)!.resolve(items);
    await waitFor(list, (snapshot) => snapshot.matches({ ready: "shown" }));
  };
  const shown = () => selectShownIds(list.getSnapshot().children.order?.getSnapshot());
  return { list, answer, saves, shown };
}

describe(formListMachine.id, () => {
  it("shows the forms in the server's order and pages through them ten at a time", async () => {
    const { list, answer, shown } = startList();
    await answer(forms(12));
    expect(shown()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    list.send({ type: "page.previous" });
    expect(list.getSnapshot().context.page).toBe(1);
    list.send({ type: "page.next" });
    list.send({ type: "page.next" });
    expect(list.getSnapshot().context.page).toBe(2);
  });

  it("forwards a move to the order, which shows it at once and saves the whole order", async () => {
    const { list, answer, saves, shown } = startList();
    await answer(forms(3));
    list.send({ type: "order.move", from: 0, to: 2 });
    expect(shown()).toEqual([2, 3, 1]);
    expect(saves).toEqual([[2, 3, 1]]);
  });

  it("takes no move from someone who may not reorder", async () => {
    const { list, answer, saves, shown } = startList({ reorderable: false });
    await answer(forms(3));
    expect(selectCanReorder(list.getSnapshot())).toBe(false);
    list.send({ type: "order.move", from: 0, to: 2 });
    expect(shown()).toEqual([1, 2, 3]);
    expect(saves).toEqual([]);
  });

  it("takes no move while the forms load again, and then shows the page that still exists", async () => {
    const { list, answer, saves, shown } = startList();
    await answer(forms(12));
    list.send({ type: "page.next" });
    list.send({ type: "list.reload" });
    expect(selectCanReorder(list.getSnapshot())).toBe(false);
    list.send({ type: "order.move", from: 0, to: 2 });
    expect(saves).toEqual([]);
    // Two forms were deleted meanwhile: page 2 no longer exists.
    await answer(forms(10));
    expect(list.getSnapshot().context.page).toBe(1);
    expect(shown()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(selectCanReorder(list.getSnapshot())).toBe(true);
  });
});
