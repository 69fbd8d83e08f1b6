/** The demo's fixed dates, so that every run writes the same timestamps. */

/** 2026-11-22T00:00:00Z; the stations open at 05:00Z (07:00 local). Visit and answer times are hours after it. */
export const ELECTION_DAY = Date.UTC(2026, 10, 22);

/** When the NGOs and admins were created; observer k was created k minutes later. */
export const SETUP_TIME = new Date(Date.UTC(2026, 9, 1, 9, 0, 0));

export const FORMS_PUBLISHED_AT = new Date(Date.UTC(2026, 10, 15, 12, 0, 0));

/** The day after the election, when two observers left. */
export const OBSERVERS_DELETED_AT = new Date(Date.UTC(2026, 10, 23, 10, 0, 0));
