import { fromPromise } from "xstate";
import type { ApiClient } from "../../../api/client";
import { errorFromResponse, expectData } from "../../../api/problem";
import type { components } from "../../../api/schema";
import { fromAbortablePromise } from "../../../shared/machines/from-abortable-promise";
import type { FormFileFill } from "./form-import.machine";
import type { FormListItem } from "./form-list.machine";

export type FormSummary = components["schemas"]["FormSummary"];

/** The forms list's calls: listForms (every form at once, in the saved order) and reorderForms. */
export function createFormListActors(api: ApiClient) {
  return {
    // Starts on mount: see fromAbortablePromise.
    loadForms: fromAbortablePromise<FormListItem[]>(async ({ signal }) => (await expectData(api.GET("/api/v1/form", { signal }))).formVersions),
  };
}

/** The order machine's save: `ids` names every form (drafts included), as reorderForms requires. */
export function createFormOrderActors(api: ApiClient) {
  return {
    saveOrder: fromPromise<unknown, { ids: number[] }>(({ input, signal }) =>
      expectData(api.PUT("/api/v1/form/order", { body: { formIds: input.ids }, signal })),
    ),
  };
}

/** deleteForm: the contract names the form in the query (`formId`), not in the path. */
export function deleteForm(api: ApiClient, id: number, signal: AbortSignal): Promise<unknown> {
  return expectData(api.DELETE("/api/v1/form", { params: { query: { formId: id } }, signal }));
}

/** importForm: the file's JSON as it is (the server reads both shapes and checks every field); the new form's id and what the import filled in. */
export function createFormImportActors(api: ApiClient) {
  return {
    importForm: fromPromise<{ id: number; filledIn: FormFileFill[] }, { body: Record<string, unknown> }>(async ({ input, signal }) => {
      // The contract's FormFile is checked by the server itself, field by field: the client sends the file as read.
      const form = await expectData(api.POST("/api/v1/form/import", { body: input.body as never, signal }));
      return { id: form.id, filledIn: form.filledIn };
    }),
  };
}

/** exportForm: the form's file (the tree without ids), named as the server names it. */
export async function exportForm(api: ApiClient, form: { id: number; code: string }, signal: AbortSignal): Promise<{ blob: Blob; fileName: string }> {
  const { data, error, response } = await api.GET("/api/v1/form/{id}/export", { params: { path: { id: form.id } }, parseAs: "blob", signal });
  if (!response.ok || !data) throw errorFromResponse(response, error);
  const named = /filename="?([^";]+)"?/.exec(response.headers.get("Content-Disposition") ?? "");
  return { blob: data, fileName: named?.[1] ?? `form-${form.code}.json` };
}
