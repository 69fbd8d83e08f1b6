import { fromCallback, fromPromise } from "xstate";
import { fromAbortablePromise } from "../../../shared/machines/from-abortable-promise";
import type { ApiClient } from "../../../api/client";
import { expectData } from "../../../api/problem";
import { takePrefetchedForm } from "../form-prefetch";
import { loadAnswerCounts, type AnswerCounts } from "./form-answer-counts";
import type { FormDocument } from "./form-document";
import { fromForm, toFormInput } from "./form-editor.convert";
import type { SavedForm, SaveFormInput, WorkingCopy, WorkingCopyEvent } from "./form-editor.machine";

/**
 * The editor's calls (getForm, saveForm, getFormAnswerCounts), each aborted with the state that started it; the
 * load starts on mount, so an aborted one stays silent (StrictMode's throwaway mount, see fromAbortablePromise).
 * The load takes the form the first screen of a visit prefetched, if any (see form-prefetch.ts).
 */
export function createFormEditorActors(api: ApiClient) {
  return {
    loadForm: fromAbortablePromise<SavedForm, { id: number }>(async ({ input, signal }) =>
      fromForm(await (takePrefetchedForm(input.id) ?? expectData(api.GET("/api/v1/form/{id}", { params: { path: { id: input.id } }, signal })))),
    ),
    saveForm: fromPromise<SavedForm, SaveFormInput>(async ({ input, signal }) =>
      fromForm(await expectData(api.POST("/api/v1/form", { body: toFormInput(input), signal }))),
    ),
    loadAnswerCounts: fromPromise<AnswerCounts, { id: number }>(({ input, signal }) => loadAnswerCounts(api, input.id, signal)),
  };
}

/** One working copy per form (and one for a new form), in local storage so that it outlives a closed tab. */
export const workingCopyKey = (formId: number | null) => `formEditor.workingCopy.${formId ?? "new"}`;

function isDocument(value: unknown): value is FormDocument {
  const candidate = value as Partial<FormDocument> | null;
  return typeof candidate === "object" && candidate !== null && typeof candidate.code === "string" && Array.isArray(candidate.sections);
}

/** The working copy an earlier session left for this form, or null; anything unreadable counts as none. */
export function readWorkingCopy(storage: Pick<Storage, "getItem">, formId: number | null): WorkingCopy | null {
  try {
    const value = JSON.parse(storage.getItem(workingCopyKey(formId)) ?? "null") as Partial<WorkingCopy> | null;
    if (!value || !isDocument(value.document)) return null;
    return { baseVersion: typeof value.baseVersion === "number" ? value.baseVersion : null, document: value.document };
  } catch {
    return null;
  }
}

/** How long typing may go unwritten: a long form's copy is too large to serialise on every keystroke. */
export const WORKING_COPY_DELAY_MS = 300;

/**
 * The editor machine's workingCopy actor: keeps every unsaved change, forgets it once saved or reloaded. Writes
 * wait for a pause in typing (at most WORKING_COPY_DELAY_MS of work can be lost to a crash) and are flushed when
 * the page is hidden or the editor closes. A new form's copy moves to the form's own key once the form has an id,
 * so a reload of /formulare/:id finds it.
 */
export function workingCopyActor(storage: Pick<Storage, "setItem" | "removeItem">, delayMs = WORKING_COPY_DELAY_MS) {
  return fromCallback<WorkingCopyEvent, { formId: number | null }>(({ receive, input }) => {
    let written = new Set([workingCopyKey(input.formId)]);
    let pending: Extract<WorkingCopyEvent, { type: "copy.keep" }> | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const flush = () => {
      clearTimeout(timer);
      if (!pending) return;
      const key = workingCopyKey(pending.formId);
      for (const old of written) if (old !== key) storage.removeItem(old);
      storage.setItem(key, JSON.stringify(pending.copy));
      written = new Set([key]);
      pending = null;
    };
    receive((event) => {
      if (event.type === "copy.keep") {
        pending = event;
        clearTimeout(timer);
        timer = setTimeout(flush, delayMs);
      } else {
        clearTimeout(timer);
        pending = null;
        for (const key of written) storage.removeItem(key);
      }
    });
    const onHide = () => flush();
    globalThis.addEventListener?.("pagehide", onHide);
    return () => {
      globalThis.removeEventListener?.("pagehide", onHide);
      flush();
    };
  });
}
