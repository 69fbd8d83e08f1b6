import { expect, it } from "vitest";
import type { AuditEntry } from "../../src/features/audit/audit.actors";
import { AUDIT_LIST_INPUT } from "../../src/features/audit/audit-list.config";
import { listMachine, type ListQuery } from "../../src/shared/machines/list.machine";
import { describeListModel } from "../support/list-conformance";
import { auditLog as auditSeed } from "../support/seeds/audit.seed";
import { ORGANIZER } from "../support/seeds/observers.seed";
import { auditLog } from "../pages/dom/audit";
import type { AuditLog } from "../pages/audit";
import { auditRoutes } from "../../src/features/audit/audit.routes";

/*
 * The shared list statechart on the activity log (26 entries: two pages of 20), which pages, filters and refreshes
 * but neither sorts (newest first is the server's only order) nor selects. The filter goes through the address:
 * Filter and Reset change the URL and the page sends the machine what the URL then says. No entry shows while a
 * page loads.
 */

/** The query string listAuditEntries must receive for a query of the model. */
function params({ page, pageSize, filter }: ListQuery) {
  return { page: String(page), pageSize: String(pageSize), ...(filter.subjectType ? { subjectType: filter.subjectType } : {}) };
}

const paths = await describeListModel<AuditLog, AuditEntry>({
  name: "the activity log",
  input: AUDIT_LIST_INPUT,
  seed: auditSeed,
  account: ORGANIZER,
  route: "/audit",
  features: [auditRoutes],
  endpoint: "/api/v1/audit",
  params,
  page: auditLog,
  rows: async (page) => (await page.entries()).map((entry) => entry.at),
  rowOf: (entry) => entry.at,
  keepsRowsWhileLoading: false,
  loadFailed: (status) => `The activity log could not be loaded (error ${status}). Try again.`,
  filter: {
    value: { subjectType: "observer" },
    submit: (page, { subjectType }) => page.filter({ subjectType: subjectType === "observer" ? "Observer" : "" }),
    reset: (page) => page.resetFilter(),
    see: async (page, { subjectType }) => expect((await page.filterValues()).subjectType).toBe(subjectType === "observer" ? "Observer" : ""),
  },
});

it(`${listMachine.id} model on the activity log replays 10 paths`, () => {
  expect(paths).toHaveLength(10);
});
