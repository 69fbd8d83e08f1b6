import { createContext, use } from "react";
import { useActorRef } from "@xstate/react";
import type { ActorRefFrom, AnyStateMachine, InputFrom, InspectionEvent, Observer } from "xstate";

/** The Stately inspector (src/shared/inspect.ts) when it is on; the composition root provides it. */
export const InspectContext = createContext<Observer<InspectionEvent> | undefined>(undefined);

type Implementations<Logic extends AnyStateMachine> = Parameters<Logic["provide"]>[0];

/**
 * A page's actor: the shared logic with the page's implementations (actors, actions, guards), inspected like every
 * actor. `provide` runs on every render on purpose: @xstate/react refreshes the implementations on each commit, so
 * actions always see the current navigate and i18n.
 */
export function usePageActor<Logic extends AnyStateMachine>(
  logic: Logic,
  implementations: Implementations<Logic>,
  options: { input?: InputFrom<Logic> } = {},
): ActorRefFrom<Logic> {
  const inspect = use(InspectContext);
  return useActorRef(logic.provide(implementations) as Logic, { input: options.input, inspect }) as ActorRefFrom<Logic>;
}
