import type { components } from "../../../openapi/schema.d.ts";
import type { Admin } from "../auth/principal.ts";

export type LiveThreadEvent = components["schemas"]["LiveThreadEvent"];

/** A row of live_event as streams need it: who may see it, and its payload serialised once for every stream. */
export interface LiveEvent {
  id: number;
  ngoId: number;
  /** The round of the thread: a stream is of one round. */
  roundId: number | null;
  /** The claim holder, whose own streams say `mine: true`. */
  holderId: number | null;
  data: string;
}

export interface LiveEventRow {
  id: number;
  ngoId: number;
  electionRoundId: number | null;
  payload: unknown;
}

export function toLiveEvent(row: LiveEventRow): LiveEvent {
  const payload = row.payload as LiveThreadEvent;
  return { id: Number(row.id), ngoId: row.ngoId, roundId: row.electionRoundId, holderId: payload.thread?.claim?.holderId ?? null, data: JSON.stringify(payload) };
}

/** Every other read is scoped the same way: organizers see all NGOs, an NGO admin only its own. */
export function inScope(admin: Admin, event: Pick<LiveEvent, "ngoId">): boolean {
  return admin.organizer || event.ngoId === admin.ngoId;
}

/** One `thread` event as the stream sends it, with `claim.mine` said for this stream's admin. */
export function threadFrame(event: LiveEvent, admin: Admin): string {
  let data = event.data;
  if (event.holderId === admin.adminId) {
    const payload = JSON.parse(data) as LiveThreadEvent;
    payload.thread!.claim!.mine = true;
    data = JSON.stringify(payload);
  }
  return `id: ${event.id}\nevent: thread\ndata: ${data}\n\n`;
}

export const RESET_FRAME = "event: reset\ndata: {}\n\n";
export const KEEP_ALIVE_FRAME = ": keep-alive\n\n";
