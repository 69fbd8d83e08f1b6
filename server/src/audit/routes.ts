import type { Admin } from "../auth/principal.ts";
import { json, type AdminHandlers, type JsonResponseOf, type QueryOf } from "../http/handler.ts";
import { readInstant } from "../http/instant.ts";
import { pageBody } from "../http/paging.ts";
import { fail } from "../problem.ts";
import { countAuditEntries, listAuditPage, type AuditFilter } from "./list.ts";
import { auditScope } from "./scope.ts";

/** The filters, read as the contract states them: `subjectId` needs `subjectType`, `to` must not precede `from`. */
function auditFilter(admin: Admin, query: QueryOf<"listAuditEntries">): AuditFilter {
  if (query.subjectId !== undefined && query.subjectType === undefined) {
    throw fail.validation({ subjectType: [{ code: "required", message: "is required with subjectId" }] });
  }
  const from = query.from === undefined ? undefined : readInstant("from", query.from);
  const to = query.to === undefined ? undefined : readInstant("to", query.to);
  if (from && to && to < from) throw fail.validation({ to: [{ code: "minimum", message: "must not be before from" }] });
  return {
    scope: auditScope(admin),
    subjectType: query.subjectType,
    subjectId: query.subjectId,
    action: query.action,
    ngoId: query.ngoId,
    search: query.search?.trim() || undefined,
    from,
    to,
  };
}

/** The log of staff actions, for organizers. */
export const auditHandlers: AdminHandlers = {
  listAuditEntries: async ({ query, admin, deps }) => {
    const filter = auditFilter(admin, query);
    const paging = { page: query.page ?? 1, pageSize: query.pageSize ?? 50 };
    const totalItems = await countAuditEntries(deps.db, filter);
    const data = await listAuditPage(deps.db, filter, paging);
    return json(200, pageBody(data, totalItems, paging) satisfies JsonResponseOf<"listAuditEntries", 200>);
  },
};
