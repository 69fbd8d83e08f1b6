import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, createMachine, toPromise } from "xstate";
import { createApiClient } from "../../api/client";
import { openObserverDb } from "../storage/observer-db";
import { enqueue } from "./outbox-store";
import { createOutboxSyncActors, OUTBOX_CHANNEL } from "./outbox-sync.actors";

/**
 * BroadcastChannel as the HTML standard has it, in memory and at once: a message reaches every other open object of
 * the same name, in this tab too, but never the object that posted it.
 */
class MemoryChannel {
  static open: MemoryChannel[] = [];
  readonly received: unknown[] = [];
  private listeners: ((event: MessageEvent) => void)[] = [];
  constructor(readonly name: string) {
    MemoryChannel.open.push(this);
  }
  postMessage(data: unknown) {
    for (const other of MemoryChannel.open) if (other !== this && other.name === this.name) other.deliver(data);
  }
  private deliver(data: unknown) {
    this.received.push(data);
    for (const listener of this.listeners) listener(new MessageEvent("message", { data }));
  }
  addEventListener(_type: "message", listener: (event: MessageEvent) => void) {
    this.listeners.push(listener);
  }
  removeEventListener(_type: "message", listener: (event: MessageEvent) => void) {
    this.listeners = this.listeners.filter((other) => other !== listener);
  }
  close() {
    MemoryChannel.open = MemoryChannel.open.filter((other) => other !== this);
  }
}

afterEach(() => {
  MemoryChannel.open = [];
  vi.unstubAllGlobals();
});

describe("the sender's channel between tabs", () => {
  it("tells the other tabs that the outbox changed after a pass, and does not hear its own message", async () => {
    vi.stubGlobal("BroadcastChannel", MemoryChannel);
    const db = await openObserverDb("outbox-channel-test");
    await enqueue(
      db,
      {
        roundId: 1,
        dedupeKey: "arrival:15",
        urgent: false,
        summary: { station: { countyCode: "CJ", number: 15 } },
        payload: { kind: "arrival", body: { countyCode: "CJ", pollingStationNumber: 15, observerArrivalTime: "2026-11-29T07:00:00Z" } },
      },
      new Date(),
    );
    const api = createApiClient({ baseUrl: "http://localhost", fetch: () => Promise.resolve(Response.json({}, { status: 200 })), getToken: () => "a-token", onUnauthorized: () => {} });
    const actors = createOutboxSyncActors({ api, db, hasSession: () => true, refresh: () => Promise.resolve() });
    // This tab's sender with its wake-up signals listening, as the app runs them; and another tab's channel.
    const signals = createActor(createMachine({ invoke: { src: actors.wakeSignals } })).start();
    const otherTab = new MemoryChannel(OUTBOX_CHANNEL);

    const pass = await toPromise(createActor(actors.sendNext).start());

    expect(pass.outcome).toEqual({ kind: "sent" });
    expect(otherTab.received).toEqual(["changed"]);
    // Every channel object of this tab: none of them heard the message it sent itself.
    expect(MemoryChannel.open.filter((channel) => channel !== otherTab).flatMap((channel) => channel.received)).toEqual([]);
    signals.stop();
    db.close();
  });
});
