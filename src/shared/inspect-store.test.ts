import { describe, expect, it } from "vitest";
import { createStore } from "@xstate/store";
import type { InspectionEvent } from "xstate";
import { inspectStore } from "./inspect-store";

const counter = () => createStore({ context: { count: 0 }, on: { add: (context, event: { by: number }) => ({ count: context.count + event.by }) } });

describe("inspectStore", () => {
  it("shows a store as a named actor, then each event it takes with the snapshot it leads to, until unsubscribed", () => {
    const store = counter();
    const seen: InspectionEvent[] = [];
    const stop = inspectStore(store, "counter", { next: (event) => seen.push(event) });
    store.trigger.add({ by: 2 });
    stop();
    store.trigger.add({ by: 3 });

    expect(seen.map((event) => event.type)).toEqual(["@xstate.actor", "@xstate.event", "@xstate.snapshot"]);
    const [actor, event, snapshot] = seen as [Extract<InspectionEvent, { type: "@xstate.actor" }>, Extract<InspectionEvent, { type: "@xstate.event" }>, Extract<InspectionEvent, { type: "@xstate.snapshot" }>];
    expect((actor.actorRef as { id?: string }).id).toBe("counter");
    expect(actor.actorRef.sessionId).toBe(store.sessionId);
    expect(actor.rootId).toBe(store.sessionId);
    expect(event.event).toEqual({ type: "add", by: 2 });
    expect(event.actorRef).toBe(actor.actorRef);
    expect(snapshot.snapshot).toMatchObject({ context: { count: 2 } });
    // The actor reads the store as it is now, for an inspector that opens later.
    expect(actor.actorRef.getSnapshot()).toMatchObject({ context: { count: 5 } });
  });
});
