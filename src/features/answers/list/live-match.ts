import type { components } from "../../../api/schema";
import type { LiveThreadEvent } from "../../../shared/live";
import type { ListFilter } from "../../../shared/machines/list.machine";

export type { LiveThreadEvent };
type Thread = components["schemas"]["AnswerThread"];

/** A thread's key in a list: its observer and station (rows carry no id of their own). */
export const threadKey = (thread: { idObserver: number; idPollingStation: number }) => `${thread.idObserver}-${thread.idPollingStation}`;

const forms = (event: LiveThreadEvent, code: string) => event.forms.find((form) => form.code === code);

/**
 * Whether the thread an event carries belongs to a list with this filter, decided as listAnswerThreads decides it:
 * the urgents list keeps flagged threads, `formCode` the threads with (flagged, on the urgents list) answers to
 * that form, the phone is a substring, `from`/`to` bound the latest answer.
 */
export function matchesList(event: LiveThreadEvent, filter: ListFilter, urgent: boolean): event is LiveThreadEvent & { thread: Thread } {
  const thread = event.thread;
  if (!thread) return false;
  if (urgent && thread.flaggedCount === 0) return false;
  if (filter.county && thread.countyCode !== filter.county) return false;
  if (filter.pollingStationNumber && thread.pollingStationNumber !== Number(filter.pollingStationNumber)) return false;
  if (filter.observerPhoneNumber && !thread.observerPhoneNumber.includes(filter.observerPhoneNumber.trim())) return false;
  if (filter.state && thread.state !== filter.state) return false;
  if (filter.formCode) {
    const form = forms(event, filter.formCode);
    if (!form || (urgent && form.flaggedCount === 0)) return false;
  }
  const changed = Date.parse(thread.lastModified);
  if (filter.from && changed < Date.parse(filter.from)) return false;
  if (filter.to && changed > Date.parse(filter.to)) return false;
  return true;
}

/**
 * Whether an event that matches the list brings a thread the list would now place differently: new answers do
 * (newest first, and they restart an urgent thread's wait), and so does a state change when the list filters by
 * state (the thread may have just entered it). Claims and comments change a row in place only.
 */
export function bringsArrival(event: LiveThreadEvent, filter: ListFilter): boolean {
  return event.kind === "answers" || (event.kind === "state" && Boolean(filter.state));
}
