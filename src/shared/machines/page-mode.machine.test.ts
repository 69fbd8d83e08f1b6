import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  pageModeMachine,
  toPageError,
  type CreateRecordInput,
  type PageModeInput,
  type PageRecord,
  type RecordIdInput,
  type UpdateRecordInput,
} from "./page-mode.machine";
import {
  selectError,
  selectIsBusy,
  selectIsConfirmingDelete,
  selectIsReadonly,
  selectMode,
  selectPhase,
  selectRecord,
} from "./page-mode.selectors";

interface Pending<Input, Output> {
  input: Input;
  signal: AbortSignal;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

interface NamedRecord extends PageRecord {
  name: string;
}

const ana: NamedRecord = { id: 7, name: "Ana Pop" };
const duplicatePhone = {
  name: "ApiError",
  status: 409,
  code: "duplicate_phone",
  fieldErrors: { phone: [{ code: "duplicate", message: "in use" }] },
};

/** A page-mode actor whose requests the test answers by hand, recording the named actions in order. */
function startPage(input: PageModeInput) {
  const loads: Pending<RecordIdInput, PageRecord>[] = [];
  const creates: Pending<CreateRecordInput, PageRecord>[] = [];
  const updates: Pending<UpdateRecordInput, PageRecord>[] = [];
  const deletes: Pending<RecordIdInput, unknown>[] = [];
  const effects: string[] = [];
  const pending = <Input, Output>(list: Pending<Input, Output>[]) =>
    fromPromise<Output, Input>(({ input, signal }) => new Promise((resolve, reject) => list.push({ input, signal, resolve, reject })));
  const logic = pageModeMachine.provide({
    actors: {
      loadRecord: pending(loads),
      createRecord: pending(creates),
      updateRecord: pending(updates),
      deleteRecord: pending(deletes),
    },
    actions: {
      onCreated: (_, { record }) => effects.push(`created ${record.id}`),
      onSaved: (_, { record }) => effects.push(`saved ${record.id}`),
      onDeleted: () => effects.push("deleted"),
      onCancelled: () => effects.push("cancelled"),
      onFailed: ({ context }) => effects.push(`failed ${context.error?.code}`),
    },
  });
  const page = createActor(logic, { input }).start();
  return { page, loads, creates, updates, deletes, effects };
}

async function startLoaded(mode: "viewing" | "editing") {
  const started = startPage({ mode, id: ana.id });
  started.loads[0]?.resolve(ana);
  await waitFor(started.page, (snapshot) => snapshot.matches("ready"));
  return started;
}

describe(pageModeMachine.id, () => {
  describe("creating", () => {
    it("shows an empty, writable form without loading anything", () => {
      const { page, loads } = startPage({ mode: "creating", id: null });
      expect(page.getSnapshot().value).toEqual({ creating: "form" });
      expect(selectPhase(page.getSnapshot())).toBe("form");
      expect(selectIsReadonly(page.getSnapshot())).toBe(false);
      expect(loads).toEqual([]);
    });

    it("is busy while saving and calls onCreated with the new record, then closes", async () => {
      const { page, creates, effects } = startPage({ mode: "creating", id: null });
      page.send({ type: "form.submit", values: { name: "Ana Pop" } });
      expect(selectIsBusy(page.getSnapshot())).toBe(true);
      expect(creates.map((call) => call.input)).toEqual([{ values: { name: "Ana Pop" } }]);
      creates[0]?.resolve(ana);
      await waitFor(page, (snapshot) => snapshot.status === "done");
      expect(effects).toEqual(["created 7"]);
    });

    it("goes back to the form with the field error codes when the save fails", async () => {
      const { page, creates, effects } = startPage({ mode: "creating", id: null });
      page.send({ type: "form.submit", values: { name: "Ana Pop" } });
      creates[0]?.reject(duplicatePhone);
      await waitFor(page, (snapshot) => snapshot.matches({ creating: "form" }));
      expect(selectError(page.getSnapshot())).toEqual({ status: 409, code: "duplicate_phone", fieldErrors: { phone: ["duplicate"] } });
      expect(selectIsBusy(page.getSnapshot())).toBe(false);
      expect(effects).toEqual(["failed duplicate_phone"]);
    });

    it("ignores a second submit while saving", () => {
      const { page, creates } = startPage({ mode: "creating", id: null });
      page.send({ type: "form.submit", values: { name: "first" } });
      page.send({ type: "form.submit", values: { name: "second" } });
      expect(creates).toHaveLength(1);
    });

    it("closes on form.cancel, but not while saving", () => {
      const { page, creates, effects } = startPage({ mode: "creating", id: null });
      page.send({ type: "form.submit", values: { name: "Ana" } });
      page.send({ type: "form.cancel" });
      expect(page.getSnapshot().value).toEqual({ creating: "saving" });
      expect(creates[0]?.signal.aborted).toBe(false);
      creates[0]?.reject(duplicatePhone);
      return waitFor(page, (snapshot) => snapshot.matches({ creating: "form" })).then(() => {
        page.send({ type: "form.cancel" });
        expect(page.getSnapshot().status).toBe("done");
        expect(effects).toEqual(["failed duplicate_phone", "cancelled"]);
      });
    });

    it("stops a pending request when the page goes away", () => {
      const { page, creates } = startPage({ mode: "creating", id: null });
      page.send({ type: "form.submit", values: { name: "Ana" } });
      page.stop();
      expect(creates[0]?.signal.aborted).toBe(true);
    });
  });

  describe("viewing and editing", () => {
    it("loads the record first, read-only, then shows it", async () => {
      const { page, loads } = startPage({ mode: "viewing", id: 7 });
      expect(selectPhase(page.getSnapshot())).toBe("loading");
      expect(selectIsReadonly(page.getSnapshot())).toBe(true);
      expect(loads.map((call) => call.input)).toEqual([{ id: 7 }]);
      loads[0]?.resolve(ana);
      await waitFor(page, (snapshot) => snapshot.matches({ ready: "viewing" }));
      expect(selectRecord(page.getSnapshot())).toEqual(ana);
      expect(selectIsReadonly(page.getSnapshot())).toBe(true);
    });

    it("offers a retry when loading fails, and loads again on load.retry", async () => {
      const { page, loads } = startPage({ mode: "editing", id: 7 });
      loads[0]?.reject({ status: 404, code: "not_found" });
      await waitFor(page, (snapshot) => snapshot.matches("failed"));
      expect(selectError(page.getSnapshot())).toEqual({ status: 404, code: "not_found", fieldErrors: {} });
      page.send({ type: "load.retry" });
      expect(loads).toHaveLength(2);
      loads[1]?.resolve(ana);
      await waitFor(page, (snapshot) => snapshot.matches({ ready: { editing: "form" } }));
      expect(selectError(page.getSnapshot())).toBeNull();
    });

    it("moves to editing when mode.edit is sent from viewing", async () => {
      const { page } = await startLoaded("viewing");
      page.send({ type: "mode.edit" });
      expect(page.getSnapshot().value).toEqual({ ready: { editing: "form" } });
      expect(selectMode(page.getSnapshot())).toBe("editing");
      expect(selectIsReadonly(page.getSnapshot())).toBe(false);
    });

    it("remembers mode.edit sent while loading and opens the editing form", async () => {
      const { page, loads } = startPage({ mode: "viewing", id: 7 });
      page.send({ type: "mode.edit" });
      loads[0]?.resolve(ana);
      await waitFor(page, (snapshot) => snapshot.matches("ready"));
      expect(page.getSnapshot().value).toEqual({ ready: { editing: "form" } });
    });

    it("does not submit from viewing", async () => {
      const { page, updates } = await startLoaded("viewing");
      page.send({ type: "form.submit", values: { name: "x" } });
      page.send({ type: "record.delete" });
      expect(page.getSnapshot().value).toEqual({ ready: "viewing" });
      expect(updates).toEqual([]);
    });

    it("saves and stays in editing with the saved record", async () => {
      const { page, updates, effects } = await startLoaded("editing");
      page.send({ type: "form.submit", values: { name: "Ana Maria Pop" } });
      expect(selectIsBusy(page.getSnapshot())).toBe(true);
      expect(updates.map((call) => call.input)).toEqual([{ id: 7, values: { name: "Ana Maria Pop" } }]);
      updates[0]?.resolve({ id: 7, name: "Ana Maria Pop" } as NamedRecord);
      await waitFor(page, (snapshot) => snapshot.matches({ ready: { editing: "form" } }));
      expect(selectRecord(page.getSnapshot())).toEqual({ id: 7, name: "Ana Maria Pop" });
      expect(effects).toEqual(["saved 7"]);
    });

    it("keeps the loaded record and reports the error when a save fails", async () => {
      const { page, updates, effects } = await startLoaded("editing");
      page.send({ type: "form.submit", values: { name: "Ana Maria Pop" } });
      updates[0]?.reject(duplicatePhone);
      await waitFor(page, (snapshot) => !snapshot.hasTag("busy"));
      expect(page.getSnapshot().value).toEqual({ ready: { editing: "form" } });
      expect(selectRecord(page.getSnapshot())).toEqual(ana);
      expect(selectError(page.getSnapshot())?.fieldErrors).toEqual({ phone: ["duplicate"] });
      expect(effects).toEqual(["failed duplicate_phone"]);
    });

    it("asks before deleting and deletes nothing when the user declines", async () => {
      const { page, deletes } = await startLoaded("editing");
      page.send({ type: "record.delete" });
      expect(selectIsConfirmingDelete(page.getSnapshot())).toBe(true);
      page.send({ type: "delete.cancel" });
      expect(page.getSnapshot().value).toEqual({ ready: { editing: "form" } });
      expect(deletes).toEqual([]);
    });

    it("deletes after confirmation, busy meanwhile, then calls onDeleted", async () => {
      const { page, deletes, effects } = await startLoaded("editing");
      page.send({ type: "record.delete" });
      page.send({ type: "delete.confirm" });
      expect(selectIsBusy(page.getSnapshot())).toBe(true);
      expect(deletes.map((call) => call.input)).toEqual([{ id: 7 }]);
      deletes[0]?.resolve(undefined);
      await waitFor(page, (snapshot) => snapshot.status === "done");
      expect(effects).toEqual(["deleted"]);
    });

    it("returns to the form when the delete fails", async () => {
      const { page, deletes, effects } = await startLoaded("editing");
      page.send({ type: "record.delete" });
      page.send({ type: "delete.confirm" });
      deletes[0]?.reject({ status: 404, code: "not_found" });
      await waitFor(page, (snapshot) => snapshot.matches({ ready: { editing: "form" } }));
      expect(effects).toEqual(["failed not_found"]);
    });

    it("goes back to viewing on mode.view, clearing the error", async () => {
      const { page } = await startLoaded("editing");
      page.send({ type: "mode.view" });
      expect(page.getSnapshot().value).toEqual({ ready: "viewing" });
      expect(selectMode(page.getSnapshot())).toBe("viewing");
    });
  });

  describe(toPageError.name, () => {
    it("reads anything that is not an error object as unexpected", () => {
      expect(toPageError("boom")).toEqual({ status: 0, code: "unexpected", fieldErrors: {} });
    });
  });
});
