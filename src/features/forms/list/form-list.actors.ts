import { fromPromise } from "xstate";
import type { ApiClient } from "../../../api/client";
import { expectData } from "../../../api/problem";
import type { components } from "../../../api/schema";
import { fromAbortablePromise } from "../../../shared/machines/from-abortable-promise";
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
