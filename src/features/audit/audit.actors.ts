import type { ApiClient } from "../../api/client";
import { expectData } from "../../api/problem";
import type { components } from "../../api/schema";
import { fromAbortablePromise } from "../../shared/machines/from-abortable-promise";
import type { ListFilter, ListPage, ListQuery } from "../../shared/machines/list.machine";
import { isAction, isSubjectType } from "./audit-list.config";

export type AuditEntry = components["schemas"]["AuditEntry"];
export type AuditChange = components["schemas"]["AuditChange"];

const positiveInteger = (value: string | undefined) => {
  const number = Number(value?.trim());
  return Number.isInteger(number) && number > 0 ? number : undefined;
};
const text = (value: string | undefined) => value?.trim() || undefined;

/** The listAuditEntries filters of a list filter, the non-empty ones only; a subject id goes with its type alone. */
export function toAuditQuery(filter: ListFilter) {
  const subjectType = isSubjectType(filter.subjectType) ? filter.subjectType : undefined;
  const params = {
    subjectType,
    subjectId: subjectType ? positiveInteger(filter.subjectId) : undefined,
    action: isAction(filter.action) ? filter.action : undefined,
    ngoId: positiveInteger(filter.ngoId),
    search: text(filter.search),
    from: text(filter.from),
    to: text(filter.to),
  };
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as Partial<typeof params>;
}

/** The loader of the list machine for the activity log (listAuditEntries), newest first. */
export function createAuditListActors(api: ApiClient) {
  return {
    actors: {
      // Starts on mount: see fromAbortablePromise.
      loadPage: fromAbortablePromise<ListPage, ListQuery>(async ({ input, signal }) => {
        const query = { page: input.page, pageSize: input.pageSize, ...toAuditQuery(input.filter) };
        const page = await expectData(api.GET("/api/v1/audit", { params: { query }, signal }));
        return { items: page.data, totalItems: page.totalItems };
      }),
    },
  };
}

/** Every NGO for the NGO filter, by name (listNgos); read back through selectNgoOptions. */
export function createAuditNgoActors(api: ApiClient) {
  return {
    actors: {
      load: fromAbortablePromise<unknown>(({ signal }) => expectData(api.GET("/api/v1/ngo", { signal }))),
    },
  };
}
