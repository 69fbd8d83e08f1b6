import { createActor, type InspectionEvent, type Observer } from "xstate";
import { createApiClient } from "../api/client";
import type { SessionActorRef } from "../features/session/session-context";
import { createSessionImplementations } from "../features/session/session.actors";
import { sessionMachine } from "../features/session/session.machine";
import { TOKEN_STORAGE_KEY } from "../features/session/token";
import { roundChoiceStore, selectRequestRoundId } from "../shared/rounds/round-choice.store";

export interface AppServicesOptions {
  /** "" means same origin as the SPA. */
  baseUrl: string;
  fetch?: (request: Request) => Promise<Response>;
  storage: Storage;
  storageEvents: Pick<Window, "addEventListener" | "removeEventListener">;
  inspect?: Observer<InspectionEvent>;
}

/** Wires the API client and the session actor to each other: the client reads the session's token and reports 401s to it. */
export function startAppServices({ baseUrl, fetch, storage, storageEvents, inspect }: AppServicesOptions) {
  // The client's callbacks only run once a call is made, by which time `session` exists.
  const api = createApiClient({
    baseUrl,
    fetch,
    getToken: () => session.getSnapshot().context.token,
    onUnauthorized: () => session.send({ type: "session.unauthorized" }),
    getRoundId: () => selectRequestRoundId(roundChoiceStore.getSnapshot()),
  });
  const logic = sessionMachine.provide(createSessionImplementations({ api, storage, storageEvents }));
  const session: SessionActorRef = createActor(logic, {
    input: { storedToken: storage.getItem(TOKEN_STORAGE_KEY) },
    inspect,
  });
  session.start();
  return { api, session };
}

export type AppServices = ReturnType<typeof startAppServices>;
