import { describe, expect, it } from "vitest";
import { nextToSend, unsentCount, type OutboxItem } from "./outbox-item";

const item = (id: string, seq: number, fields: Partial<OutboxItem> = {}): OutboxItem => ({
  id,
  seq,
  roundId: 1,
  dedupeKey: id,
  urgent: false,
  state: "queued",
  attempts: 0,
  createdAt: "2026-11-29T07:00:00.000Z",
  sentAt: null,
  refusal: null,
  summary: { station: { countyCode: "CJ", number: 15 } },
  payload: { kind: "arrival", body: { countyCode: "CJ", pollingStationNumber: 15, observerArrivalTime: "2026-11-29T07:00:00.000Z" } },
  ...fields,
});

describe("nextToSend", () => {
  it("sends the oldest waiting item when none is urgent", () => {
    expect(nextToSend([item("b", 2), item("a", 1), item("c", 3)]).map((next) => next.id)).toEqual(["a"]);
  });

  it("sends an urgent item before older ordinary ones", () => {
    expect(nextToSend([item("a", 1), item("b", 2, { urgent: true }), item("c", 3, { urgent: true })]).map((next) => next.id)).toEqual(["b"]);
  });

  it("never lets an urgent item overtake an earlier one with the same key", () => {
    const items = [item("other", 1), item("old", 2, { dedupeKey: "form A at CJ 15" }), item("new", 3, { dedupeKey: "form A at CJ 15", urgent: true })];
    expect(nextToSend(items).map((next) => next.id)).toEqual(["old"]);
  });

  it("resumes an item left sending (a crash mid-send) and skips sent and refused ones", () => {
    const items = [item("sent", 1, { state: "sent" }), item("refused", 2, { state: "refused" }), item("interrupted", 3, { state: "sending" })];
    expect(nextToSend(items).map((next) => next.id)).toEqual(["interrupted"]);
  });

  it("has nothing to send when every item is sent or refused", () => {
    expect(nextToSend([item("a", 1, { state: "sent" }), item("b", 2, { state: "refused" })])).toEqual([]);
  });
});

describe("nextToSend, several at once", () => {
  it("sends one item per key, urgent first, the earliest of each key", () => {
    const items = [
      item("form A, first", 1, { dedupeKey: "A" }),
      item("form A, second", 2, { dedupeKey: "A", urgent: true }),
      item("arrival", 3, { dedupeKey: "visit" }),
      item("note", 4, { dedupeKey: "note", urgent: true }),
      item("departure", 5, { dedupeKey: "visit" }),
    ];
    expect(nextToSend(items, 3).map((next) => next.id)).toEqual(["form A, first", "note", "arrival"]);
  });
});

describe("unsentCount", () => {
  it("counts every item the server does not have, refused ones included", () => {
    expect(unsentCount([item("a", 1, { state: "sent" }), item("b", 2, { state: "refused" }), item("c", 3), item("d", 4, { state: "sending" })])).toBe(3);
  });
});
