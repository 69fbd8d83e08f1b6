import type { AnyActorRef, InspectionEvent, Observer, Snapshot } from "xstate";

/** What an @xstate/store store offers the inspector: its session, its snapshot and its own inspection events. */
export interface InspectableStore {
  sessionId: string;
  getSnapshot: () => unknown;
  inspect: (observer: (transition: { event: { type: string }; snapshot: unknown }) => void) => { unsubscribe(): void };
}

/**
 * Shows an @xstate/store store in the Stately inspector beside the actors. A store reports each transition as
 * `@xstate.transition`, which the inspector passes over; told here as the inspector's own events, the store appears as
 * an actor named `name` (on subscribing), then with each event it takes and the snapshot that event leads to.
 * Returns the unsubscribe.
 */
export function inspectStore(store: InspectableStore, name: string, inspect: Observer<InspectionEvent>): () => void {
  // The inspector reads an actor's id, session, snapshot and parent; a store has no logic to draw, so it is named only.
  const actorRef = { id: name, sessionId: store.sessionId, getSnapshot: () => store.getSnapshot(), _parent: undefined } as unknown as AnyActorRef;
  const rootId = store.sessionId;
  const subscription = store.inspect(({ event, snapshot }) => {
    if (event.type === "@xstate.init") {
      inspect.next?.({ type: "@xstate.actor", actorRef, rootId });
      return;
    }
    inspect.next?.({ type: "@xstate.event", actorRef, rootId, event, sourceRef: undefined });
    inspect.next?.({ type: "@xstate.snapshot", actorRef, rootId, event, snapshot: snapshot as Snapshot<unknown> });
  });
  return () => subscription.unsubscribe();
}
