import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { createApiClient } from "../../../api/client";
import { startTestServer } from "../../../../tests/support/test-server";
import { twoNgos } from "../../../../tests/support/seeds/ngos.seed";
import { createFormEditorActors, readWorkingCopy, workingCopyActor, workingCopyKey } from "./form-editor.actors";
import { BLANK_FORM } from "./form-editor.convert";
import { formEditorMachine } from "./form-editor.machine";
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

describe("the form editor on the real server", () => {
  it("keeps unsaved work across a reload, offers it back, and forgets it once published", async () => {
    localStorage.clear();
    const { start, editor } = await openEditor(null);
    editor.send({ type: "edit.command", command: { type: "form.set", field: "code", value: "Z" } });
    editor.send({ type: "edit.command", command: { type: "section.add", key: "s" } });
    expect(readWorkingCopy(localStorage, null)?.document.code).toBe("Z");

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
    await waitFor(reopened, (snapshot) => snapshot.matches("editing") && snapshot.context.formId !== null);
    expect(selectIsDirty(reopened.getSnapshot())).toBe(false);
    expect(localStorage.getItem(workingCopyKey(null))).toBeNull();
    expect(reopened.getSnapshot().context.version).toBe(1);
  });

  it("explains a refused save and keeps every edit", async () => {
    localStorage.clear();
    const { editor } = await openEditor(null);
    editor.send({ type: "edit.command", command: { type: "form.set", field: "code", value: "Z" } });
    editor.send({ type: "form.saveDraft" });
    await waitFor(editor, (snapshot) => snapshot.matches("editing") && snapshot.context.error !== null);
    expect(editor.getSnapshot().context.error).toMatchObject({ status: 400, code: "validation" });
    expect(selectDocument(editor.getSnapshot()).code).toBe("Z");
    expect(readWorkingCopy(localStorage, null)?.document.code).toBe("Z");
  });
});
