import { createContext, useContext } from "react";
import type { ActorRefFrom } from "xstate";
import type { sessionMachine } from "./session.machine";

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;

export const SessionContext = createContext<SessionActorRef | null>(null);

/** The application's one session actor, created in the composition root. */
export function useSession(): SessionActorRef {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession needs a SessionContext provider");
  return session;
}
