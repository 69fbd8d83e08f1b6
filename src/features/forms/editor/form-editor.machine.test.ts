import { describe, expect, it } from "vitest";
import { createActor, fromCallback, fromPromise, waitFor } from "xstate";
import type { AnswerCounts } from "./form-answer-counts";
import type { FormDocument } from "./form-document";
import {
  formEditorMachine,
  type FormEditorEvent,
  type SavedForm,
  type SaveFormInput,
  type WorkingCopy,
  type WorkingCopyEvent,
} from "./form-editor.machine";
import { selectCanRedo, selectCanUndo, selectDocument, selectIsBusy, selectIsConflict, selectIsDirty, selectStoredCopy } from "./form-editor.selectors";

const blank: FormDocument = { code: "", description: "Adaugă formular nou", diaspora: false, sections: [] };
const stored: FormDocument = {
  code: "B",
  description: "Form B",
  diaspora: false,
  sections: [{ key: "s1", id: 11, code: "B1", description: "Voting", questions: [] }],
};

interface Pending<Input, Output = SavedForm> {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

function startEditor({ formId = null as number | null, copy = null as WorkingCopy | null } = {}) {
  const loads: Pending<{ id: number }>[] = [];
  const saves: Pending<SaveFormInput>[] = [];
  const copyEvents: WorkingCopyEvent[] = [];
  const counts: Pending<{ id: number }, AnswerCounts>[] = [];
  const logic = formEditorMachine.provide({
    actors: {
      loadForm: fromPromise<SavedForm, { id: number }>(({ input }) => new Promise((resolve, reject) => loads.push({ input, resolve, reject }))),
      saveForm: fromPromise<SavedForm, SaveFormInput>(({ input }) => new Promise((resolve, reject) => saves.push({ input, resolve, reject }))),
      workingCopy: fromCallback<WorkingCopyEvent, { formId: number | null }>(({ receive }) => receive((event) => copyEvents.push(event))),
      loadAnswerCounts: fromPromise<AnswerCounts, { id: number }>(({ input }) => new Promise((resolve, reject) => counts.push({ input, resolve, reject }))),
    },
  });
  const editor = createActor(logic, { input: { formId, blank, stored: copy } }).start();
  return { editor, loads, saves, copyEvents, counts };
}

const addSection = (key: string) => ({ type: "edit.command", command: { type: "section.add", key } }) as const;
/** A section the editor's checks accept: a title and a code. */
const addNamedSection = (editor: { send: (event: FormEditorEvent) => void }, key: string, code: string) => {
  editor.send(addSection(key));
  editor.send({ type: "edit.command", command: { type: "section.set", section: key, field: "code", value: code } });
  editor.send({ type: "edit.command", command: { type: "section.set", section: key, field: "description", value: `Section ${code}` } });
};

describe(formEditorMachine.id, () => {
  it("opens a new form on the blank document, clean, with nothing to undo", () => {
    const { editor, loads } = startEditor();
    expect(editor.getSnapshot().value).toBe("editing");
    expect(loads).toHaveLength(0);
    expect(selectDocument(editor.getSnapshot())).toBe(blank);
    expect(selectIsDirty(editor.getSnapshot())).toBe(false);
    expect(selectCanUndo(editor.getSnapshot())).toBe(false);
  });

  it("loads an existing form, then edits, undoes and redoes, keeping the working copy in step", async () => {
    const { editor, loads, copyEvents } = startEditor({ formId: 2 });
    expect(selectIsBusy(editor.getSnapshot())).toBe(true);
    loads[0]!.resolve({ id: 2, version: 3, published: false, document: stored });
    await waitFor(editor, (snapshot) => snapshot.matches("editing"));
    editor.send(addSection("s2"));
    expect(selectIsDirty(editor.getSnapshot())).toBe(true);
    expect(copyEvents.at(-1)).toEqual({ type: "copy.keep", formId: 2, copy: { baseVersion: 3, document: selectDocument(editor.getSnapshot()) } });
    editor.send({ type: "edit.undo" });
    expect(selectDocument(editor.getSnapshot())).toBe(stored);
    expect(selectIsDirty(editor.getSnapshot())).toBe(false);
    expect(copyEvents.at(-1)).toEqual({ type: "copy.forget" });
    expect(selectCanRedo(editor.getSnapshot())).toBe(true);
    editor.send({ type: "edit.redo" });
    expect(selectDocument(editor.getSnapshot()).sections.map((section) => section.key)).toEqual(["s1", "s2"]);
  });

  it("offers a stored working copy and restores it as one undoable step", async () => {
    const copy: WorkingCopy = { baseVersion: 3, document: { ...stored, description: "Form B, unsaved" } };
    const { editor, loads } = startEditor({ formId: 2, copy });
    loads[0]!.resolve({ id: 2, version: 3, published: false, document: stored });
    await waitFor(editor, (snapshot) => snapshot.matches("editing"));
    expect(selectStoredCopy(editor.getSnapshot())).toBe(copy);
    editor.send({ type: "copy.restore" });
    expect(selectDocument(editor.getSnapshot()).description).toBe("Form B, unsaved");
    expect(selectStoredCopy(editor.getSnapshot())).toBeNull();
    editor.send({ type: "edit.undo" });
    expect(selectDocument(editor.getSnapshot())).toBe(stored);
  });

  it("saves a draft based on the loaded version, gives new items their ids and is clean afterwards", async () => {
    const { editor, loads, saves, copyEvents, counts } = startEditor({ formId: 2 });
    loads[0]!.resolve({ id: 2, version: 3, published: false, document: stored });
    await waitFor(editor, (snapshot) => snapshot.matches("editing"));
    addNamedSection(editor, "s2", "B2");
    editor.send({ type: "form.saveDraft" });
    editor.send(addSection("ignored-while-saving"));
    editor.send({ type: "form.publish" });
    expect(saves).toHaveLength(1);
    expect(saves[0]!.input).toMatchObject({ id: 2, baseVersion: 3, draft: true });
    const sent = saves[0]!.input.document;
    saves[0]!.resolve({ id: 2, version: 4, published: false, document: { ...sent, sections: sent.sections.map((section, index) => ({ ...section, key: `server${index}`, id: 11 + index })) } });
    await waitFor(editor, (snapshot) => snapshot.matches("editing"));
    const shown = selectDocument(editor.getSnapshot());
    expect(shown.sections.map((section) => [section.key, section.id])).toEqual([["s1", 11], ["s2", 12]]);
    expect(selectIsDirty(editor.getSnapshot())).toBe(false);
    expect(copyEvents.at(-1)).toEqual({ type: "copy.forget" });
    editor.send({ type: "form.publish" });
    expect(editor.getSnapshot().matches({ reviewing: "counting" })).toBe(true);
    expect(counts[0]!.input).toEqual({ id: 2 });
    counts[0]!.resolve({ question: (id) => (id === 5 ? 3 : 0), option: () => 0 });
    await waitFor(editor, (snapshot) => snapshot.matches({ reviewing: "ready" }));
    expect(editor.getSnapshot().context.answerCounts?.question(5)).toBe(3);
    editor.send({ type: "review.confirm" });
    expect(saves[1]!.input).toMatchObject({ baseVersion: 4, draft: false });
  });

  it("refuses to send a form with problems and shows them, until they are fixed", () => {
    const { editor, saves } = startEditor();
    editor.send({ type: "form.saveDraft" });
    expect(saves).toHaveLength(0);
    expect(editor.getSnapshot().context.showProblems).toBe(true);
    editor.send({ type: "edit.command", command: { type: "form.set", field: "code", value: "E" } });
    addNamedSection(editor, "s1", "E1");
    editor.send({ type: "form.saveDraft" });
    expect(saves).toHaveLength(1);
  });

  it("saves a draft whose section has no title, and refuses to publish it until the section is titled", async () => {
    const untitled: FormDocument = { ...stored, sections: [{ ...stored.sections[0]!, description: "" }] };
    const { editor, loads, saves } = startEditor({ formId: 2 });
    loads[0]!.resolve({ id: 2, version: 1, published: false, document: untitled });
    await waitFor(editor, (snapshot) => snapshot.matches("editing"));

    editor.send({ type: "form.publish" });
    expect(editor.getSnapshot().value).toBe("editing");
    expect(editor.getSnapshot().context).toMatchObject({ showProblems: true, publishing: true });
    expect(saves).toHaveLength(0);

    editor.send({ type: "form.saveDraft" });
    expect(saves.map((save) => save.input)).toEqual([{ id: 2, baseVersion: 1, document: untitled, draft: true }]);
    saves[0]!.resolve({ id: 2, version: 2, published: false, document: untitled });
    await waitFor(editor, (snapshot) => snapshot.matches("editing"));
    expect(editor.getSnapshot().context).toMatchObject({ showProblems: false, publishing: false });

    editor.send({ type: "edit.command", command: { type: "section.set", section: "s1", field: "description", value: "Voting" } });
    editor.send({ type: "form.publish" });
    expect(editor.getSnapshot().matches("reviewing")).toBe(true);
  });

  it("asks before a published form goes back to being a draft", async () => {
    const { editor, loads, saves } = startEditor({ formId: 2 });
    loads[0]!.resolve({ id: 2, version: 3, published: true, document: stored });
    await waitFor(editor, (snapshot) => snapshot.matches("editing"));
    editor.send({ type: "form.saveDraft" });
    expect(editor.getSnapshot().value).toBe("confirmingUnpublish");
    editor.send({ type: "unpublish.cancel" });
    expect(editor.getSnapshot().value).toBe("editing");
    editor.send({ type: "form.saveDraft" });
    editor.send({ type: "unpublish.confirm" });
    expect(saves[0]!.input).toMatchObject({ draft: true, baseVersion: 3 });
  });

  it("reviews a new form's first publication without counting answers", () => {
    const { editor, saves, counts } = startEditor();
    editor.send({ type: "edit.command", command: { type: "form.set", field: "code", value: "E" } });
    addNamedSection(editor, "s1", "E1");
    editor.send({ type: "form.publish" });
    expect(editor.getSnapshot().matches({ reviewing: "ready" })).toBe(true);
    expect(counts).toHaveLength(0);
    editor.send({ type: "review.cancel" });
    expect(saves).toHaveLength(0);
    editor.send({ type: "form.publish" });
    editor.send({ type: "review.confirm" });
    expect(saves[0]!.input).toMatchObject({ id: null, draft: false });
  });

  it("keeps every edit when a save fails, and says why", async () => {
    const { editor, saves } = startEditor();
    editor.send({ type: "edit.command", command: { type: "form.set", field: "code", value: "E" } });
    addNamedSection(editor, "s1", "E1");
    editor.send({ type: "form.publish" });
    editor.send({ type: "review.confirm" });
    saves[0]!.reject({ status: 400, code: "validation", fieldErrors: { "formSections[0].code": [{ code: "required" }] } });
    await waitFor(editor, (snapshot) => snapshot.matches("editing"));
    expect(selectIsDirty(editor.getSnapshot())).toBe(true);
    expect(editor.getSnapshot().context.error).toMatchObject({ code: "validation", fieldErrors: { "formSections[0].code": ["required"] } });
  });

  it("turns a save based on an older version into a conflict: reload theirs, or keep these edits over the new version", async () => {
    const { editor, loads, saves } = startEditor({ formId: 2 });
    loads[0]!.resolve({ id: 2, version: 3, published: false, document: stored });
    await waitFor(editor, (snapshot) => snapshot.matches("editing"));
    addNamedSection(editor, "mine", "M1");
    editor.send({ type: "form.saveDraft" });
    saves[0]!.reject({ status: 409, code: "stale_version" });
    await waitFor(editor, selectIsConflict);
    editor.send({ type: "conflict.keepMine" });
    const theirs = { ...stored, description: "Theirs" };
    loads[1]!.resolve({ id: 2, version: 5, published: false, document: theirs });
    await waitFor(editor, (snapshot) => snapshot.matches("editing"));
    expect(selectDocument(editor.getSnapshot()).sections.map((section) => section.key)).toEqual(["s1", "mine"]);
    editor.send({ type: "form.saveDraft" });
    expect(saves[1]!.input.baseVersion).toBe(5);

    saves[1]!.reject({ status: 409, code: "stale_version" });
    await waitFor(editor, selectIsConflict);
    editor.send({ type: "conflict.reload" });
    loads[2]!.resolve({ id: 2, version: 6, published: false, document: theirs });
    await waitFor(editor, (snapshot) => snapshot.matches("editing"));
    expect(selectDocument(editor.getSnapshot())).toBe(theirs);
    expect(selectIsDirty(editor.getSnapshot())).toBe(false);
  });

  it("asks before leaving with unsaved edits: staying keeps the working copy, leaving forgets it and ends the editor", async () => {
    const { editor, loads, copyEvents } = startEditor({ formId: 2 });
    loads[0]!.resolve({ id: 2, version: 3, published: false, document: stored });
    await waitFor(editor, (snapshot) => snapshot.matches("editing"));
    expect(editor.getSnapshot().can({ type: "leave.request" })).toBe(false);
    editor.send(addSection("s2"));
    editor.send({ type: "leave.request" });
    expect(editor.getSnapshot().value).toBe("confirmingLeave");
    editor.send({ type: "leave.stay" });
    expect(editor.getSnapshot().value).toBe("editing");
    expect(copyEvents.at(-1)).toMatchObject({ type: "copy.keep" });
    editor.send({ type: "leave.request" });
    editor.send({ type: "leave.discard" });
    expect(editor.getSnapshot()).toMatchObject({ value: "left", status: "done" });
    expect(copyEvents.at(-1)).toEqual({ type: "copy.forget" });
  });

  it("shows a failed load and retries it", async () => {
    const { editor, loads } = startEditor({ formId: 9 });
    loads[0]!.reject({ status: 404, code: "not_found" });
    await waitFor(editor, (snapshot) => snapshot.matches("failed"));
    editor.send({ type: "load.retry" });
    expect(loads).toHaveLength(2);
  });
});
