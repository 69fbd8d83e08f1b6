import type { components } from "../../../../openapi/schema.d.ts";
import type { ReviewState, ThreadEventKind } from "../../db/schema.ts";

export type TimelineEntry = components["schemas"]["TimelineEntry"];

export interface EventRow {
  id: number;
  kind: ThreadEventKind;
  adminId: number | null;
  adminAccount: string | null;
  at: Date;
  state: ReviewState | null;
  previousState: ReviewState | null;
  text: string | null;
}

/**
 * A staff event as the timeline shows it. The account is kept with the event, so a removed account still names
 * its actions; only the system (a thread reopened by a new flagged answer) acts without one.
 */
export function eventEntry(row: EventRow): TimelineEntry {
  return {
    id: `event-${row.id}`,
    kind: row.kind,
    at: row.at.toISOString(),
    actor: row.adminAccount === null && row.adminId === null ? { kind: "system", name: null } : { kind: "staff", name: row.adminAccount },
    ...(row.text === null ? {} : { text: row.text }),
    ...(row.state === null ? {} : { state: row.state }),
    ...(row.previousState === null ? {} : { previousState: row.previousState }),
  };
}
