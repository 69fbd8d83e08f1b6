/** The demo's fixed dates, so that every run writes the same timestamps. */

/** 2026-11-22T00:00:00Z; the stations open at 05:00Z (07:00 local). Visit and answer times are hours after it. */
export const ELECTION_DAY = Date.UTC(2026, 10, 22);

/** When the NGOs and admins were created; observer k was created k minutes later. */
export const SETUP_TIME = new Date(Date.UTC(2026, 9, 1, 9, 0, 0));

export const FORMS_PUBLISHED_AT = new Date(Date.UTC(2026, 10, 15, 12, 0, 0));

/** The day after the election, when two observers left. */
export const OBSERVERS_DELETED_AT = new Date(Date.UTC(2026, 10, 23, 10, 0, 0));

/*
 * Last year's election, the demo's archived round: the second round of the 2025 presidential election. Romania is on
 * summer time (UTC+3) in May, an hour ahead of November's UTC+2.
 */
export const ARCHIVED_ROUND_NAME = "Prezidențiale 2025 — turul 2";

/** 2025-05-18T00:00:00Z, the archived round's election day. */
export const ARCHIVED_ELECTION_DAY = Date.UTC(2025, 4, 18);

/** What moves a time of this year's election day to the same Romanian time on last year's: the days between, less summer time's hour. */
export const ARCHIVED_SHIFT = ARCHIVED_ELECTION_DAY - 3_600_000 - ELECTION_DAY;

/** The day after the first round (2025-05-04), when the organizers opened the second. */
export const ARCHIVED_ROUND_CREATED_AT = new Date(Date.UTC(2025, 4, 5, 8, 0, 0));

/** When its forms were published and its observers sent to their stations. */
export const ARCHIVED_FORMS_PUBLISHED_AT = new Date(Date.UTC(2025, 4, 12, 9, 0, 0));
export const ARCHIVED_ASSIGNED_AT = new Date(Date.UTC(2025, 4, 14, 9, 0, 0));

/** A week after its election day, once the threads were looked at, the round was archived. */
export const ARCHIVED_AT = new Date(Date.UTC(2025, 4, 25, 9, 0, 0));
