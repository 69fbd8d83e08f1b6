import { describe, expect, it, vi } from "vitest";
import { initialTransition, transition, type SnapshotFrom } from "xstate";
import type { FormDocument } from "./form-document";
import type { FormCommand } from "./form-editor.commands";
import { connect, sameEditorApi, type EditorHandlers, type EditorSend } from "./form-editor.connect";
import { formEditorMachine, type FormEditorEvent, type FormEditorInput, type SavedForm } from "./form-editor.machine";

/*
 * connect on snapshots the chart itself computes (pure transitions, no actor started): each state gives the view what
 * it shows, and each handler sends its one event.
 */

type Snapshot = SnapshotFrom<typeof formEditorMachine>;
type AnyEvent = FormEditorEvent | { type: `xstate.${string}`; [key: string]: unknown };

const form: FormDocument = {
  code: "B",
  description: "Form B",
  diaspora: false,
  sections: [{ key: "s1", id: 11, code: "B1", description: "Voting", questions: [] }],
};
const saved: SavedForm = { id: 2, version: 3, published: true, document: form };
const loadedInput: FormEditorInput = { formId: 2, blank: form, stored: null };

const send = () => vi.fn<EditorSend>();
const view = (snapshot: Snapshot) => connect(snapshot, send());

function after(input: FormEditorInput, ...events: AnyEvent[]): Snapshot {
  let [snapshot] = initialTransition(formEditorMachine, input);
  for (const event of events) [snapshot] = transition(formEditorMachine, snapshot, event as never);
  return snapshot;
}

const load = { type: "xstate.done.actor.load", actorId: "load", output: saved } as const;
const setTitle = (value: string) => ({ type: "edit.command", command: { type: "form.set", field: "description", value } }) as const;
const clearCode = { type: "edit.command", command: { type: "form.set", field: "code", value: "" } } as const;
const savedAs = (document: FormDocument, published: boolean) => ({ type: "xstate.done.actor.save", actorId: "save", output: { ...saved, version: 4, published, document } }) as const;
const saveFails = (error: unknown) => ({ type: "xstate.error.actor.save", actorId: "save", error }) as const;

describe("connect: what the editor's view gets in each state", () => {
  it("shows the loader, then the load failure with its reason and a retry", () => {
    expect(view(after(loadedInput)).screen).toBe("loading");
    const failed = view(after(loadedInput, { type: "xstate.error.actor.load", actorId: "load", error: { status: 404, code: "not_found" } }));
    expect(failed.screen).toBe("loadFailed");
    expect(failed.getLoadErrorProps().error).toMatchObject({ status: 404, code: "not_found" });
  });

  it("shows a loaded form clean: nothing to undo, nothing listed, no dialog, leaving free", () => {
    const editor = view(after(loadedInput, load));
    expect(editor).toMatchObject({
      screen: "form",
      formId: 2,
      published: true,
      dirty: false,
      readOnly: false,
      canUndo: false,
      canRedo: false,
      saving: null,
      offersRestore: false,
      showsConflict: false,
      saveFailure: null,
      problems: [],
      asksBeforeLeaving: false,
      warnsOnUnload: false,
    });
    expect(editor.getToolbarProps()).toMatchObject({ formId: 2, published: true, dirty: false, busy: false, canUndo: false, canRedo: false, saving: null });
    expect(editor.getProblemSummaryProps()).toBeNull();
    expect(editor.getPublishDialogProps()).toMatchObject({ review: null, busy: false });
    expect(editor.getUnpublishDialogProps().opened).toBe(false);
    expect(editor.getLeaveDialogProps().opened).toBe(false);
  });

  it("after an edit: unsaved, undoable, and leaving asks (the router, and the browser on unload)", () => {
    const editor = view(after(loadedInput, load, setTitle("Form B, edited")));
    expect(editor).toMatchObject({ dirty: true, canUndo: true, canRedo: false, asksBeforeLeaving: true, warnsOnUnload: true });
    expect(view(after(loadedInput, load, setTitle("Form B, edited"), { type: "edit.undo" }))).toMatchObject({ dirty: false, canRedo: true, asksBeforeLeaving: false });
  });

  it("offers back an earlier visit's work while editing, also behind the leave question, and not once it is taken", () => {
    const stored = { baseVersion: 3, document: { ...form, description: "Form B, kept" } };
    const input = { ...loadedInput, stored };
    expect(view(after(input, load)).offersRestore).toBe(true);
    expect(view(after(input, load, setTitle("x"), { type: "leave.request" })).offersRestore).toBe(true);
    expect(view(after(input, load, { type: "copy.restore" })).offersRestore).toBe(false);
    expect(view(after(input, load, { type: "form.publish" })).offersRestore).toBe(false);
  });

  it("asks before leaving with unsaved edits: staying keeps them, discarding ends the editor without another question", () => {
    const asking = view(after(loadedInput, load, setTitle("x"), { type: "leave.request" }));
    expect(asking.getLeaveDialogProps().opened).toBe(true);
    const stayed = view(after(loadedInput, load, setTitle("x"), { type: "leave.request" }, { type: "leave.stay" }));
    expect(stayed).toMatchObject({ dirty: true, asksBeforeLeaving: true });
    expect(stayed.getLeaveDialogProps().opened).toBe(false);
    const left = view(after(loadedInput, load, setTitle("x"), { type: "leave.request" }, { type: "leave.discard" }));
    expect(left).toMatchObject({ asksBeforeLeaving: false, warnsOnUnload: false });
    expect(left.getLeaveDialogProps().opened).toBe(false);
  });

  it("never asks while a save is under way: its own navigation (the list after publishing, a new form's address) goes", () => {
    const saving = view(after(loadedInput, load, setTitle("x"), { type: "form.publish" }, { type: "xstate.done.actor.counts", actorId: "counts", output: {} }, { type: "review.confirm" }));
    expect(saving).toMatchObject({ dirty: true, asksBeforeLeaving: false, saving: "publish", readOnly: true });
  });

  it("lists a refused save's problems with the form they name, keeps the same list while they stay, and drops them once fixed", () => {
    const refused = after(loadedInput, load, clearCode, { type: "form.saveDraft" });
    const editor = view(refused);
    expect(editor.problems).toEqual([{ at: { of: "form", field: "code" }, code: "required" }]);
    expect(editor.getProblemSummaryProps()).toEqual({ problems: editor.problems, document: refused.context.history.present, publishing: false });
    // Typing elsewhere leaves the problems as they were: the same list, so the cards' map stays.
    expect(view(transition(formEditorMachine, refused, setTitle("Form B, typed") as never)[0]).problems).toBe(editor.problems);
    const fixed = view(transition(formEditorMachine, refused, { type: "edit.command", command: { type: "form.set", field: "code", value: "B" } })[0]);
    expect(fixed.problems).toEqual([]);
    expect(fixed.getProblemSummaryProps()).toBeNull();
  });

  it("lists what publishing asks for after a refused publish", () => {
    const untitled = { ...form, sections: [{ ...form.sections[0]!, description: "" }] };
    const editor = view(after({ ...loadedInput, blank: untitled }, { ...load, output: { ...saved, document: untitled } }, { type: "form.publish" }));
    expect(editor.problems).toEqual([{ at: { of: "section", key: "s1", field: "description" }, code: "requiredToPublish" }]);
    expect(editor.getProblemSummaryProps()?.publishing).toBe(true);
  });

  it("reads the server's refusal of fields as problems, and any other failure as the save failure", () => {
    const refused = view(after(loadedInput, load, setTitle("x"), { type: "form.saveDraft" }, { type: "unpublish.confirm" }, saveFails({ status: 400, code: "validation", fieldErrors: { "formSections[0].code": [{ code: "duplicate" }] } })));
    expect(refused.problems).toEqual([{ at: { of: "section", key: "s1", field: "code" }, code: "duplicate" }]);
    expect(refused.saveFailure).toBeNull();
    const failed = view(after(loadedInput, load, setTitle("x"), { type: "form.saveDraft" }, { type: "unpublish.confirm" }, saveFails({ status: 503, code: "unavailable" })));
    expect(failed.saveFailure).toMatchObject({ status: 503, code: "unavailable" });
    expect(failed.problems).toEqual([]);
  });

  it("opens the review with the published form against the one shown, counting first, and keeps it open while publishing", () => {
    const counting = view(after(loadedInput, load, setTitle("x"), { type: "form.publish" }));
    expect(counting.getPublishDialogProps().review).toMatchObject({ published: form, next: { description: "x" }, counts: null, counting: true });
    expect(counting.getToolbarProps().busy).toBe(true);
    const publishing = view(after(loadedInput, load, setTitle("x"), { type: "form.publish" }, { type: "xstate.error.actor.counts", actorId: "counts", error: {} }, { type: "review.confirm" }));
    expect(publishing.getPublishDialogProps()).toMatchObject({ review: { counting: false }, busy: true });
    expect(publishing.getToolbarProps()).toMatchObject({ saving: "publish", busy: true });
    const published = view(after(loadedInput, load, setTitle("x"), { type: "form.publish" }, { type: "xstate.error.actor.counts", actorId: "counts", error: {} }, { type: "review.confirm" }, savedAs({ ...form, description: "x" }, true)));
    expect(published.getPublishDialogProps().review).toBeNull();
    expect(published).toMatchObject({ dirty: false, saving: null });
  });

  it("asks before a published form goes back to draft, and shows that draft save's loader", () => {
    const asking = view(after(loadedInput, load, { type: "form.saveDraft" }));
    expect(asking.getUnpublishDialogProps().opened).toBe(true);
    const saving = view(after(loadedInput, load, { type: "form.saveDraft" }, { type: "unpublish.confirm" }));
    expect(saving.getUnpublishDialogProps().opened).toBe(false);
    expect(saving.getToolbarProps()).toMatchObject({ saving: "draft", busy: true });
    expect(saving.getPublishDialogProps().review).toBeNull();
  });

  it("shows someone else's save as a conflict, busy while their version is read, and no save failure beside it", () => {
    const conflict = view(after(loadedInput, load, setTitle("x"), { type: "form.saveDraft" }, { type: "unpublish.confirm" }, saveFails({ status: 409, code: "stale_version" })));
    expect(conflict).toMatchObject({ showsConflict: true, saveFailure: null, asksBeforeLeaving: false });
    expect(conflict.getConflictNoticeProps().busy).toBe(false);
    const adopting = view(after(loadedInput, load, setTitle("x"), { type: "form.saveDraft" }, { type: "unpublish.confirm" }, saveFails({ status: 409, code: "stale_version" }), { type: "conflict.keepMine" }));
    expect(adopting).toMatchObject({ showsConflict: true, readOnly: true });
    expect(adopting.getConflictNoticeProps().busy).toBe(true);
  });
});

describe("connect: what each handler sends", () => {
  const command: FormCommand = { type: "section.add", key: "s2" };
  const sent: [keyof EditorHandlers, FormEditorEvent][] = [
    ["undo", { type: "edit.undo" }],
    ["redo", { type: "edit.redo" }],
    ["saveDraft", { type: "form.saveDraft" }],
    ["publish", { type: "form.publish" }],
    ["restoreCopy", { type: "copy.restore" }],
    ["discardCopy", { type: "copy.discard" }],
    ["confirmPublish", { type: "review.confirm" }],
    ["cancelPublish", { type: "review.cancel" }],
    ["confirmUnpublish", { type: "unpublish.confirm" }],
    ["cancelUnpublish", { type: "unpublish.cancel" }],
    ["reloadTheirs", { type: "conflict.reload" }],
    ["keepMine", { type: "conflict.keepMine" }],
    ["retryLoad", { type: "load.retry" }],
    ["requestLeave", { type: "leave.request" }],
    ["stay", { type: "leave.stay" }],
    ["discardAndLeave", { type: "leave.discard" }],
  ];

  it.each(sent)("%s sends %o", (handler, event) => {
    const spy = send();
    (connect(after(loadedInput, load), spy)[handler] as () => void)();
    expect(spy.mock.calls).toEqual([[event]]);
  });

  it("edit sends the command", () => {
    const spy = send();
    connect(after(loadedInput, load), spy).edit(command);
    expect(spy.mock.calls).toEqual([[{ type: "edit.command", command }]]);
  });

  it("gives the prop getters' handlers the same events", () => {
    const spy = send();
    const editor = connect(after(loadedInput, load), spy);
    editor.getToolbarProps().onSaveDraft();
    editor.getPublishDialogProps().onConfirm();
    editor.getUnpublishDialogProps().onCancel();
    editor.getConflictNoticeProps().onKeepMine();
    editor.getRestoreOfferProps().onDiscard();
    editor.getLeaveDialogProps().onLeave();
    editor.getLoadErrorProps().onRetry();
    expect(spy.mock.calls.map(([event]) => event.type)).toEqual([
      "form.saveDraft",
      "review.confirm",
      "unpublish.cancel",
      "conflict.keepMine",
      "copy.discard",
      "leave.discard",
      "load.retry",
    ]);
  });

  it("keeps one set of handlers per send, whatever the snapshot", () => {
    const spy = send();
    const a = connect(after(loadedInput), spy);
    const b = connect(after(loadedInput, load, setTitle("x")), spy);
    expect(b.edit).toBe(a.edit);
    expect(b.getToolbarProps().onPublish).toBe(a.publish);
    expect(connect(after(loadedInput), send()).edit).not.toBe(a.edit);
  });
});

describe("sameEditorApi: when the view renders again", () => {
  const spy = send();
  const at = (...events: AnyEvent[]) => connect(after(loadedInput, load, ...events), spy);

  it("not for a keystroke that changes nothing shown (the form already unsaved, nothing listed)", () => {
    expect(sameEditorApi(at(setTitle("x")), at(setTitle("x"), setTitle("xy")))).toBe(true);
  });

  it("for the first edit (the form becomes unsaved and undoable)", () => {
    expect(sameEditorApi(at(), at(setTitle("x")))).toBe(false);
  });

  it("for a keystroke while problems are listed (their summary names fields by the form's current names)", () => {
    expect(sameEditorApi(at(clearCode, { type: "form.saveDraft" }), at(clearCode, { type: "form.saveDraft" }, setTitle("y")))).toBe(false);
  });

  it("for a dialog that opens", () => {
    expect(sameEditorApi(at(), at({ type: "form.saveDraft" }))).toBe(false);
    expect(sameEditorApi(at(setTitle("x")), at(setTitle("x"), { type: "leave.request" }))).toBe(false);
  });
});
