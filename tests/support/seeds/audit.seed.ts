import type { Insertable } from "kysely";
import type { Database } from "../../../server/src/db/schema.ts";
import type { TestDb } from "../test-server";
import { oneObserver, ORGANIZER, STAFF } from "./observers.seed";

type AuditRow = Insertable<Database["auditEntry"]>;

const NOW = Date.parse("2026-11-22T08:00:00Z");
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000);

const byOrganizer = { actorAdminId: 1, actorAccount: ORGANIZER, actorNgoName: "Code for Romania" };
const byStaff = { actorAdminId: 2, actorAccount: STAFF, actorNgoName: "Asociația Observatorilor" };
const anaPop = { subjectType: "observer", subjectId: 7, subjectLabel: "Ana Pop (0722000000)", ngoId: 1, ngoName: "Code for Romania" } as const;
const changes = (...list: { field: string; from: string | null; to: string | null }[]) => JSON.stringify(list);

/** The nine newest entries: every kind of subject, existing and gone, with and without changes. */
export const AUDIT_HEAD: AuditRow[] = [
  {
    at: hoursAgo(1),
    action: "ngo.deactivated",
    ...byOrganizer,
    subjectType: "ngo",
    subjectId: 2,
    subjectLabel: "Asociația Observatorilor",
    ngoId: 2,
    ngoName: "Asociația Observatorilor",
    changes: changes({ field: "isActive", from: "true", to: "false" }),
  },
  { at: hoursAgo(2), action: "observer.updated", ...byOrganizer, ...anaPop, changes: changes({ field: "name", from: "Ana Popa", to: "Ana Pop" }) },
  {
    at: hoursAgo(3),
    action: "observer.deleted",
    ...byStaff,
    subjectType: "observer",
    subjectId: 8,
    subjectLabel: "Bogdan Ionescu (0722000099)",
    ngoId: 2,
    ngoName: "Asociația Observatorilor",
    changes: "[]",
  },
  {
    at: hoursAgo(4),
    action: "thread.stateChanged",
    ...byOrganizer,
    ...anaPop,
    subjectType: "thread",
    subjectStationId: 1,
    subjectLabel: "Ana Pop (0722000000), B 1",
    changes: changes({ field: "state", from: "new", to: "in_progress" }),
  },
  {
    at: hoursAgo(5),
    action: "form.published",
    ...byOrganizer,
    subjectType: "form",
    subjectId: 3,
    subjectLabel: "C: Counting",
    ngoId: null,
    ngoName: null,
    changes: "[]",
  },
  { at: hoursAgo(6), action: "observers.imported", ...byOrganizer, subjectType: "ngo", subjectId: 1, subjectLabel: "Code for Romania", ngoId: 1, ngoName: "Code for Romania", changes: "[]", count: 12 },
  {
    at: hoursAgo(7),
    action: "ngoAdmin.passwordReset",
    ...byOrganizer,
    subjectType: "ngoAdmin",
    subjectId: 2,
    subjectLabel: STAFF,
    ngoId: 2,
    ngoName: "Asociația Observatorilor",
    changes: changes({ field: "password", from: null, to: null }),
  },
  { at: hoursAgo(8), action: "observer.pinReset", ...byOrganizer, ...anaPop, changes: changes({ field: "pin", from: null, to: null }) },
  {
    at: hoursAgo(8.5),
    action: "notification.sent",
    ...byOrganizer,
    subjectType: "notification",
    subjectId: 4,
    subjectLabel: "Form C",
    ngoId: 1,
    ngoName: "Code for Romania",
    changes: changes({ field: "audience", from: null, to: "selected" }, { field: "message", from: null, to: "Send form C after the count." }),
    count: 3,
  },
];

/** Ana Pop's older history: created, then her phone changed hour after hour (17 entries). */
const anaPopHistory: AuditRow[] = Array.from({ length: 17 }, (_, index): AuditRow => {
  const hours = 9 + index;
  const phone = (step: number) => `07229900${String(step).padStart(2, "0")}`;
  return index === 16
    ? { at: hoursAgo(hours), action: "observer.created", ...byOrganizer, ...anaPop, changes: changes({ field: "name", from: null, to: "Ana Popa" }) }
    : { at: hoursAgo(hours), action: "observer.updated", ...byOrganizer, ...anaPop, changes: changes({ field: "phone", from: phone(index + 1), to: phone(index) }) };
});

/**
 * oneObserver (NGO 1 organizes, NGO 2 does not, Ana Pop (7) in NGO 1) and 26 entries of the activity log, about one
 * an hour before TEST_NOW: their subjects still exist (Ana Pop, NGO 1 and 2, ana.pop's account) or are gone
 * (observer 8, form 3, notification 4, the thread without answers). Two pages of 20.
 */
export async function auditLog(db: TestDb) {
  await oneObserver(db);
  await db.insertInto("auditEntry").values([...AUDIT_HEAD, ...anaPopHistory]).execute();
}
