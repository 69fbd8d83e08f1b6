import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { openObserverDb } from "../storage/observer-db";
import { enqueue, loadOutbox, markQueued, markRefused, markSending, markSent, type NewItem } from "./outbox-store";

let databases = 0;
const freshDb = () => openObserverDb(`outbox-store-test-${++databases}`);
const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 7, minute));

const answers = (optionId: number): NewItem => ({
  roundId: 1,
  dedupeKey: "answers:5:1",
  urgent: false,
  summary: { station: { countyCode: "CJ", number: 15 }, formCode: "A", answerCount: 1 },
  payload: { kind: "answers", body: { answers: [{ questionId: 1, countyCode: "CJ", pollingStationNumber: 15, options: [{ optionId }] }] } },
});

describe("the outbox in IndexedDB", () => {
  it("replaces a write that never left the phone with its newer version, keeping its id and place", async () => {
    const db = await freshDb();
    const first = await enqueue(db, answers(1), at(0));
    const second = await enqueue(db, answers(2), at(1));
    const items = await loadOutbox(db);
    expect(items).toHaveLength(1);
    expect([second.id, items[0]!.id, items[0]!.seq]).toEqual([first.id, first.id, first.seq]);
    expect(items[0]!.payload).toEqual(answers(2).payload);
  });

  it("queues a newer version after a write that may have reached the server, which is never changed again", async () => {
    const db = await freshDb();
    const first = await enqueue(db, answers(1), at(0));
    await markSending(db, first.id);
    await markQueued(db, first.id);
    const second = await enqueue(db, answers(2), at(1));
    const items = await loadOutbox(db);
    expect(items.map((item) => [item.id, item.attempts, item.payload])).toEqual([
      [first.id, 1, answers(1).payload],
      [second.id, 0, answers(2).payload],
    ]);
  });

  it("orders items as they were made even when the clock goes back", async () => {
    const db = await freshDb();
    await enqueue(db, { ...answers(1), dedupeKey: "a" }, at(10));
    await enqueue(db, { ...answers(1), dedupeKey: "b" }, at(5));
    expect((await loadOutbox(db)).map((item) => item.dedupeKey)).toEqual(["a", "b"]);
  });

  it("keeps the server's answer on each item: sent with its time, refused with its reason", async () => {
    const db = await freshDb();
    const sent = await enqueue(db, { ...answers(1), dedupeKey: "a" }, at(0));
    const refused = await enqueue(db, { ...answers(1), dedupeKey: "b" }, at(1));
    await markSent(db, sent.id, at(2));
    const refusal = { status: 422, code: "station_retired", title: "The station is retired.", detail: null };
    await markRefused(db, refused.id, refusal);
    expect((await loadOutbox(db)).map((item) => [item.state, item.sentAt, item.refusal])).toEqual([
      ["sent", at(2).toISOString(), null],
      ["refused", null, refusal],
    ]);
  });

  it("keeps the write and what goes with it together, in one transaction", async () => {
    const db = await freshDb();
    await enqueue(db, answers(1), at(0), { key: "answers:1:5:1", value: { 1: [{ optionId: 1 }] } });
    expect(await db.get("kv", "answers:1:5:1")).toEqual({ 1: [{ optionId: 1 }] });
  });
});
