import { describe, expect, it } from "vitest";
import { createActor, fromCallback, fromPromise, waitFor } from "xstate";
import {
  pageModeMachine,
  type CreateRecordInput,
  type DraftStoreEvent,
  type DraftStoreInput,
  type PageModeInput,
  type PageRecord,
  type PageRoute,
  type PageValues,
  type RecordIdInput,
  type UpdateRecordInput,
} from "./page-mode.machine";
import { selectCanSubmit, selectIsBusy, selectIsDirty, selectIsReadonly, selectMode, selectPhase } from "./page-mode.selectors";
import { toPageError } from "./page-error";

interface Pending<Input, Output> {
  input: Input;
  signal: AbortSignal;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

const blank: PageValues = { name: "", phone: "" };
const ana = { id: 7, name: "Ana Pop", phone: "0722000000" };
const duplicatePhone = { status: 409, code: "duplicate_phone", fieldErrors: { phone: [{ code: "duplicate", message: "in use" }] } };

/** A page-mode actor whose requests the test answers by hand, recording the named actions and the store's events. */
function startPage(input: PageRoute & Pick<PageModeInput, "stored">) {
  const loads: Pending<RecordIdInput, PageRecord>[] = [];
  const creates: Pending<CreateRecordInput, PageRecord>[] = [];
  const updates: Pending<UpdateRecordInput, PageRecord>[] = [];
  const deletes: Pending<RecordIdInput, unknown>[] = [];
  const effects: string[] = [];
  const stored: DraftStoreEvent[] = [];
  const pending = <In, Out>(list: Pending<In, Out>[]) =>
    fromPromise<Out, In>(({ input, signal }) => new Promise((resolve, reject) => list.push({ input, signal, resolve, reject })));
  const logic = pageModeMachine.provide({
    actors: {
      loadRecord: pending(loads),
      createRecord: pending(creates),
      updateRecord: pending(updates),
      deleteRecord: pending(deletes),
      draftStore: fromCallback<DraftStoreEvent, DraftStoreInput>(({ receive }) => receive((event) => stored.push(event))),
    },
    actions: {
      onCreated: (_, { record }) => effects.push(`created ${record.id}`),
      onSaved: (_, { record }) => effects.push(`saved ${record.id}`),
      onDeleted: () => effects.push("deleted"),
      onCancelled: () => effects.push("cancelled"),
      onFailed: ({ context }) => effects.push(`failed ${context.error?.code}`),
    },
    guards: { isDraftValid: ({ context }) => context.draft.name !== "" && context.draft.phone !== "" },
  });
  const page = createActor(logic, { input: { blank, ...input } }).start();
  const type = (field: string, value: string) => page.send({ type: "field.change", field, value });
  return { page, loads, creates, updates, deletes, effects, stored, type };
}

async function startLoaded(mode: "viewing" | "editing", stored: PageValues | null = null) {
  const started = startPage({ mode, id: ana.id, stored });
  started.loads[0]?.resolve(ana);
  await waitFor(started.page, (snapshot) => snapshot.matches({ record: "ready" }));
  return started;
}

describe(pageModeMachine.id, () => {
  describe("opening", () => {
    it("adds with an empty, writable form and loads nothing", () => {
      const { page, loads } = startPage({ mode: "creating", id: null });
      expect(page.getSnapshot().value).toEqual({ route: "creating", record: { ready: "idle" }, draft: "clean" });
      expect(selectIsReadonly(page.getSnapshot())).toBe(false);
      expect(loads).toEqual([]);
    });

    it("views and edits by loading the record first, read-only meanwhile", () => {
      const { page, loads } = startPage({ mode: "editing", id: 7 });
      expect(page.getSnapshot().value).toEqual({ route: "editing", record: "loading", draft: "clean" });
      expect(selectPhase(page.getSnapshot())).toBe("loading");
      expect(selectIsReadonly(page.getSnapshot())).toBe(true);
      expect(loads.map(({ input }) => input)).toEqual([{ id: 7 }]);
    });

    it("follows the route to edit while the record still loads, without a second load", async () => {
      const { page, loads } = startPage({ mode: "viewing", id: 7 });
      page.send({ type: "mode.edit" });
      expect(selectMode(page.getSnapshot())).toBe("editing");
      loads[0]?.resolve(ana);
      await waitFor(page, (snapshot) => snapshot.matches({ record: "ready" }));
      expect(page.getSnapshot().value).toEqual({ route: "editing", record: { ready: "idle" }, draft: "clean" });
      expect(loads).toHaveLength(1);
    });

    it("offers a retry after a failed load, and the retry loads again", async () => {
      const { page, loads } = startPage({ mode: "viewing", id: 7 });
      loads[0]?.reject(duplicatePhone);
      await waitFor(page, (snapshot) => snapshot.matches({ record: "failed" }));
      expect(page.getSnapshot().context.error).toEqual(toPageError(duplicatePhone));
      page.send({ type: "load.retry" });
      expect(loads).toHaveLength(2);
      expect(selectPhase(page.getSnapshot())).toBe("loading");
    });
  });

  describe("the draft", () => {
    it("starts as the loaded record and is dirty once a field changes, the store keeping each change", async () => {
      const { page, type, stored } = await startLoaded("editing");
      expect(page.getSnapshot().context.draft).toEqual({ name: "Ana Pop", phone: "0722000000" });
      type("name", "Ana Maria Pop");
      expect(selectIsDirty(page.getSnapshot())).toBe(true);
      expect(page.getSnapshot().context.touched).toEqual(["name"]);
      type("name", "Ana Pop");
      expect(selectIsDirty(page.getSnapshot())).toBe(false);
      expect(stored).toEqual([{ type: "draft.keep", values: { name: "Ana Maria Pop", phone: "0722000000" } }, { type: "draft.forget" }]);
    });

    it("is not edited while viewing", async () => {
      const { page, type, stored } = await startLoaded("viewing");
      type("name", "Ana Maria Pop");
      expect(page.getSnapshot().context.draft).toEqual({ name: "Ana Pop", phone: "0722000000" });
      expect(stored).toEqual([]);
    });

    it("comes back from the store over the loaded record, and draft.discard drops it", async () => {
      const { page, stored } = await startLoaded("editing", { name: "Ana Maria Pop" });
      expect(page.getSnapshot().context).toMatchObject({ draft: { name: "Ana Maria Pop", phone: "0722000000" }, restored: true });
      expect(selectIsDirty(page.getSnapshot())).toBe(true);
      page.send({ type: "draft.discard" });
      expect(page.getSnapshot().context).toMatchObject({ draft: { name: "Ana Pop", phone: "0722000000" }, restored: false });
      expect(selectIsDirty(page.getSnapshot())).toBe(false);
      expect(stored).toEqual([{ type: "draft.forget" }]);
    });

    it("drops the server's verdict on a field once that field changes", async () => {
      const { page, type, updates } = await startLoaded("editing");
      type("phone", "0722000001");
      page.send({ type: "form.submit" });
      updates[0]?.reject(duplicatePhone);
      await waitFor(page, (snapshot) => snapshot.matches({ record: { ready: "idle" } }));
      expect(page.getSnapshot().context.error?.fieldErrors).toEqual({ phone: ["duplicate"] });
      type("phone", "0722000002");
      expect(page.getSnapshot().context.error?.fieldErrors).toEqual({});
    });
  });

  describe("saving", () => {
    it("does not take Save while the draft is invalid", () => {
      const { page, type, creates } = startPage({ mode: "creating", id: null });
      type("name", "Ana");
      expect(selectCanSubmit(page.getSnapshot())).toBe(false);
      page.send({ type: "form.submit" });
      expect(creates).toEqual([]);
    });

    it("adds the normalized draft, then closes and forgets the kept draft", async () => {
      const { page, type, creates, effects, stored } = startPage({ mode: "creating", id: null });
      type("name", "  Ana   Pop ");
      type("phone", "0722000000");
      page.send({ type: "form.submit" });
      expect(selectIsBusy(page.getSnapshot())).toBe(true);
      expect(creates.map(({ input }) => input)).toEqual([{ values: { name: "Ana Pop", phone: "0722000000" } }]);
      creates[0]?.resolve(ana);
      await waitFor(page, (snapshot) => snapshot.matches({ record: "closed" }));
      expect(effects).toEqual(["created 7"]);
      expect(stored.at(-1)).toEqual({ type: "draft.forget" });
    });

    it("keeps the draft and the error after a failed add", async () => {
      const { page, type, creates, effects } = startPage({ mode: "creating", id: null });
      type("name", "Ana Pop");
      type("phone", "0722000000");
      page.send({ type: "form.submit" });
      creates[0]?.reject(duplicatePhone);
      await waitFor(page, (snapshot) => snapshot.matches({ record: { ready: "idle" } }));
      expect(page.getSnapshot().context).toMatchObject({ draft: { name: "Ana Pop", phone: "0722000000" }, error: { code: "duplicate_phone" } });
      expect(selectIsDirty(page.getSnapshot())).toBe(true);
      expect(effects).toEqual(["failed duplicate_phone"]);
    });

    it("updates and stays, showing the saved record as the new clean draft", async () => {
      const { page, type, updates, effects } = await startLoaded("editing");
      type("name", "Ana Maria Pop");
      page.send({ type: "form.submit" });
      expect(updates.map(({ input }) => input)).toEqual([{ id: 7, values: { name: "Ana Maria Pop", phone: "0722000000" } }]);
      updates[0]?.resolve({ ...ana, name: "Ana Maria Pop" } as PageRecord);
      await waitFor(page, (snapshot) => snapshot.matches({ record: { ready: "idle" } }));
      expect(page.getSnapshot().context).toMatchObject({ record: { name: "Ana Maria Pop" }, draft: { name: "Ana Maria Pop" } });
      expect(selectIsDirty(page.getSnapshot())).toBe(false);
      expect(effects).toEqual(["saved 7"]);
    });
  });

  describe("leaving", () => {
    it("cancels by discarding the draft and closing", async () => {
      const { page, type, effects, stored } = await startLoaded("editing");
      type("name", "Ana Maria Pop");
      page.send({ type: "form.cancel" });
      expect(page.getSnapshot().value).toEqual({ route: "editing", record: "closed", draft: "clean" });
      expect(effects).toEqual(["cancelled"]);
      expect(stored.at(-1)).toEqual({ type: "draft.forget" });
    });

    it("deletes only after confirming, and a declined delete changes nothing", async () => {
      const { page, deletes, effects } = await startLoaded("editing");
      page.send({ type: "record.delete" });
      page.send({ type: "delete.cancel" });
      expect(deletes).toEqual([]);
      page.send({ type: "record.delete" });
      page.send({ type: "delete.confirm" });
      expect(deletes.map(({ input }) => input)).toEqual([{ id: 7 }]);
      deletes[0]?.resolve(undefined);
      await waitFor(page, (snapshot) => snapshot.matches({ record: "closed" }));
      expect(effects).toEqual(["deleted"]);
    });

    it("does not delete while viewing", async () => {
      const { page } = await startLoaded("viewing");
      page.send({ type: "record.delete" });
      expect(page.getSnapshot().matches({ record: { ready: "idle" } })).toBe(true);
    });

    it("no longer follows the route once closed", async () => {
      const { page } = await startLoaded("viewing");
      page.send({ type: "form.cancel" });
      page.send({ type: "mode.edit" });
      expect(page.getSnapshot().value).toEqual({ route: "viewing", record: "closed", draft: "clean" });
    });

    it("aborts a pending save when the page goes away", async () => {
      const { page, type, updates } = await startLoaded("editing");
      type("name", "Ana Maria Pop");
      page.send({ type: "form.submit" });
      page.stop();
      expect(updates[0]?.signal.aborted).toBe(true);
    });
  });
});
