import { describe, expect, it } from "vitest";
import { EMPTY_ANSWER_FILTER } from "./answer-list.config";
import { bringsArrival, matchesList, type LiveThreadEvent } from "./live-match";

const event = (changes: Partial<NonNullable<LiveThreadEvent["thread"]>> = {}, forms = [{ code: "A", flaggedCount: 1 }]): LiveThreadEvent => ({
  kind: "answers",
  idObserver: 4,
  idPollingStation: 9,
  ngoId: 1,
  at: "2026-11-25T07:42:10.000Z",
  actor: null,
  thread: {
    idObserver: 4,
    idPollingStation: 9,
    pollingStationName: "CJ 15",
    locality: "Cluj-Napoca",
    address: null,
    offAssignment: false,
    observerName: "Ana Pop",
    observerPhoneNumber: "0722123456",
    countyCode: "CJ",
    pollingStationNumber: 15,
    lastModified: "2026-11-25T07:42:10.000Z",
    flaggedCount: 1,
    state: "new",
    claim: null,
    urgentSince: "2026-11-25T07:42:10.000Z",
    ...changes,
  },
  forms,
});
const filter = (changes: Record<string, string>) => ({ ...EMPTY_ANSWER_FILTER, ...changes });

describe("matchesList", () => {
  it("keeps flagged threads on the urgents list and every thread on the answers list", () => {
    expect(matchesList(event({ flaggedCount: 0 }), EMPTY_ANSWER_FILTER, true)).toBe(false);
    expect(matchesList(event({ flaggedCount: 0 }), EMPTY_ANSWER_FILTER, false)).toBe(true);
    expect(matchesList({ ...event(), thread: null }, EMPTY_ANSWER_FILTER, false)).toBe(false);
  });

  it("applies county, station, phone substring, review state and time window as the server does", () => {
    expect(matchesList(event(), filter({ county: "CJ", pollingStationNumber: "15" }), true)).toBe(true);
    expect(matchesList(event(), filter({ county: "AB" }), true)).toBe(false);
    expect(matchesList(event(), filter({ pollingStationNumber: "16" }), true)).toBe(false);
    expect(matchesList(event(), filter({ observerPhoneNumber: "2123" }), true)).toBe(true);
    expect(matchesList(event(), filter({ observerPhoneNumber: "999" }), true)).toBe(false);
    expect(matchesList(event(), filter({ state: "resolved" }), true)).toBe(false);
    expect(matchesList(event(), filter({ from: "2026-11-25T07:42:10.000Z", to: "2026-11-25T07:42:10.000Z" }), true)).toBe(true);
    expect(matchesList(event(), filter({ from: "2026-11-25T07:42:11.000Z" }), true)).toBe(false);
    expect(matchesList(event(), filter({ to: "2026-11-25T07:42:09.000Z" }), true)).toBe(false);
  });

  it("with a form, needs answers to it, flagged ones on the urgents list", () => {
    const unflaggedA = event({}, [{ code: "A", flaggedCount: 0 }, { code: "C", flaggedCount: 2 }]);
    expect(matchesList(unflaggedA, filter({ formCode: "A" }), false)).toBe(true);
    expect(matchesList(unflaggedA, filter({ formCode: "A" }), true)).toBe(false);
    expect(matchesList(unflaggedA, filter({ formCode: "C" }), true)).toBe(true);
    expect(matchesList(unflaggedA, filter({ formCode: "B" }), false)).toBe(false);
  });
});

describe("bringsArrival", () => {
  it("counts new answers, and state changes only on a list filtered by state", () => {
    expect(bringsArrival(event(), EMPTY_ANSWER_FILTER)).toBe(true);
    expect(bringsArrival({ ...event(), kind: "claim" }, EMPTY_ANSWER_FILTER)).toBe(false);
    expect(bringsArrival({ ...event(), kind: "state" }, EMPTY_ANSWER_FILTER)).toBe(false);
    expect(bringsArrival({ ...event(), kind: "state" }, filter({ state: "new" }))).toBe(true);
  });
});
