import { use, useEffect, useState } from "react";
import { inspectStore, type InspectableStore } from "./inspect-store";
import { InspectContext } from "./use-page-actor";

/**
 * A page's @xstate/store store, made once for the page's life and inspected like every actor (named `name` in the
 * Stately inspector when it is on): the stores' counterpart of usePageActor.
 */
export function usePageStore<Store extends InspectableStore>(create: () => Store, name: string): Store {
  const [store] = useState(create);
  useInspectedStore(store, name);
  return store;
}

/** Shows a store made elsewhere (a module's own, such as the locale) in the inspector while the component is mounted. */
export function useInspectedStore(store: InspectableStore, name: string) {
  const inspect = use(InspectContext);
  useEffect(() => (inspect ? inspectStore(store, name, inspect) : undefined), [inspect, store, name]);
}
