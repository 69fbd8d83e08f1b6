import { describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import { createApiClient } from "../../../api/client";
import { startTestServer } from "../../../../tests/support/test-server";
import { twoNgos } from "../../../../tests/support/seeds/ngos.seed";
import { createFormEditorActors, readWorkingCopy, workingCopyActor, workingCopyKey } from "./form-editor.actors";
import type { FormCommand } from "./form-editor.commands";
import { BLANK_FORM } from "./form-editor.convert";
import { formEditorMachine, type WorkingCopy, type WorkingCopyEvent } from "./form-editor.machine";
import { selectDocument, selectIsDirty } from "./form-editor.selectors";


async function openEditor(formId: number | null) {
  const server = await startTestServer({ seed: twoNgos });
  const token = await server.tokenFor("admin.cfr");
  const api = createApiClient({ baseUrl: "http://localhost", fetch: server.fetch, getToken: () => token, onUnauthorized: () => {} });
  const start = (id: number | null) =>
    createActor(formEditorMachine.provide({ actors: { ...createFormEditorActors(api), workingCopy: workingCopyActor(localStorage) } }), {
      input: { formId: id, blank: BLANK_FORM, stored: readWorkingCopy(localStorage, id) },
    }).start();
  return { start, editor: start(formId) };
}

/** The least a form needs to be saved: a code and one named section. */
const smallestForm = (code: string): FormCommand[] => [
  { type: "form.set", field: "code", value: code },
  { type: "section.add", key: "s" },
  { type: "section.set", section: "s", field: "code", value: `${code}1` },
  { type: "section.set", section: "s", field: "description", value: "Sosire" },
];

const sendAll = (editor: { send: (event: { type: "edit.command"; command: FormCommand }) => void }, commands: FormCommand[]) => {
  for (const command of commands) editor.send({ type: "edit.command", command });
};

describe("the form editor on the real server", () => {
  it("keeps unsaved work across a reload, offers it back, and forgets it once published", async () => {
    localStorage.clear();
    const { start, editor } = await openEditor(null);
    editor.send({ type: "edit.command", command: { type: "form.set", field: "code", value: "Z" } });
    editor.send({ type: "edit.command", command: { type: "section.add", key: "s" } });
    await vi.waitFor(() => expect(readWorkingCopy(localStorage, null)?.document.code).toBe("Z"));

    // The tab is closed and opened again: the work is offered back, not applied silently.
    editor.stop();
    const reopened = start(null);
    expect(selectDocument(reopened.getSnapshot()).code).toBe("");
    reopened.send({ type: "copy.restore" });
    expect(selectDocument(reopened.getSnapshot()).sections.map((section) => section.key)).toEqual(["s"]);

    for (const command of [
      { type: "section.set", section: "s", field: "code", value: "Z1" },
      { type: "section.set", section: "s", field: "description", value: "Sosire" },
      { type: "question.add", section: "s", key: "q" },
      { type: "question.set", question: "q", field: "code", value: "Z1.1" },
      { type: "question.set", question: "q", field: "text", value: "Ați intrat?" },
      { type: "option.add", question: "q", key: "o", text: "Da" },
    ] as const) {
      reopened.send({ type: "edit.command", command });
    }
    reopened.send({ type: "form.publish" });
    reopened.send({ type: "review.confirm" });
    await waitFor(reopened, (snapshot) => snapshot.matches("editing") && snapshot.context.formId !== null);
    expect(selectIsDirty(reopened.getSnapshot())).toBe(false);
    expect(localStorage.getItem(workingCopyKey(null))).toBeNull();
    expect(reopened.getSnapshot().context.version).toBe(1);
  });

  it("explains a refused save and keeps every edit", async () => {
    localStorage.clear();
    const { start, editor } = await openEditor(null);
    const nameForm = (actor: typeof editor) => sendAll(actor, smallestForm("Z"));
    nameForm(editor);
    editor.send({ type: "form.saveDraft" });
    await waitFor(editor, (snapshot) => snapshot.matches("editing") && snapshot.context.formId !== null);

    // A second new form with the same code: only the server can know that the code is taken.
    const second = start(null);
    nameForm(second);
    second.send({ type: "form.saveDraft" });
    await waitFor(second, (snapshot) => snapshot.matches("editing") && snapshot.context.error !== null);
    expect(second.getSnapshot().context.error).toMatchObject({ status: 409, code: "duplicate_form_code", fieldErrors: { code: ["duplicate"] } });
    expect(selectIsDirty(second.getSnapshot())).toBe(true);
    await vi.waitFor(() => expect(readWorkingCopy(localStorage, null)?.document.code).toBe("Z"));
  });

  it("moves a new form's working copy to the form's own key once it is saved", async () => {
    localStorage.clear();
    const { editor } = await openEditor(null);
    sendAll(editor, smallestForm("Y"));
    editor.send({ type: "form.saveDraft" });
    await waitFor(editor, (snapshot) => snapshot.matches("editing") && snapshot.context.formId !== null);
    const id = editor.getSnapshot().context.formId;
    editor.send({ type: "edit.command", command: { type: "form.set", field: "description", value: "Formular Y" } });
    await vi.waitFor(() => expect(readWorkingCopy(localStorage, id)?.document.description).toBe("Formular Y"));
    expect(localStorage.getItem(workingCopyKey(null))).toBeNull();
  });
});

describe("the working copy", () => {
  const copy = (description: string): WorkingCopyEvent => ({ type: "copy.keep", formId: 3, copy: { baseVersion: 1, document: { ...BLANK_FORM, description } } });

  it("is written once typing pauses, and at once when the page is hidden or the editor closes", () => {
    vi.useFakeTimers();
    try {
      const writes: string[] = [];
      const storage = { setItem: (_: string, value: string) => void writes.push((JSON.parse(value) as WorkingCopy).document.description), removeItem: () => {} };
      const keeper = createActor(workingCopyActor(storage, 300), { input: { formId: 3 } }).start();
      keeper.send(copy("A"));
      keeper.send(copy("Ab"));
      keeper.send(copy("Abc"));
      expect(writes).toEqual([]);
      vi.advanceTimersByTime(300);
      expect(writes).toEqual(["Abc"]);
      keeper.send(copy("Abcd"));
      window.dispatchEvent(new Event("pagehide"));
      expect(writes).toEqual(["Abc", "Abcd"]);
      keeper.send(copy("Abcde"));
      keeper.stop();
      expect(writes).toEqual(["Abc", "Abcd", "Abcde"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
