import { fromCallback, fromPromise } from "xstate";
import type { ApiClient } from "../../api/client";
import { expectData } from "../../api/problem";
import type { Account, Authorization, Credentials, SessionEvent } from "./session.machine";
import { decodeToken, TOKEN_STORAGE_KEY } from "./token";

export interface SessionDependencies {
  api: ApiClient;
  storage: Pick<Storage, "setItem" | "removeItem">;
  /** Where "storage" events of other tabs arrive (the window). */
  storageEvents: Pick<Window, "addEventListener" | "removeEventListener">;
}

/** The real implementations of the session machine's named actors and actions. */
export function createSessionImplementations({ api, storage, storageEvents }: SessionDependencies) {
  return {
    actors: {
      authorize: fromPromise<Authorization, Credentials>(async ({ input, signal }) => {
        const { access_token: token } = await expectData(
          api.POST("/api/v2/access/authorize", { body: input, signal }),
        );
        return { token, claims: decodeToken(token) };
      }),
      fetchAccount: fromPromise<Account>(({ signal }) => expectData(api.GET("/api/v2/access/me", { signal }))),
      watchTokenStorage: fromCallback<SessionEvent>(({ sendBack }) => {
        const onStorage = (event: StorageEvent) => {
          // key is null when another tab cleared the whole storage
          if (event.key === TOKEN_STORAGE_KEY || event.key === null) {
            sendBack({ type: "storage.changed", token: event.key === null ? null : event.newValue });
          }
        };
        storageEvents.addEventListener("storage", onStorage);
        return () => storageEvents.removeEventListener("storage", onStorage);
      }),
    },
    actions: {
      persistToken: (_: unknown, { token }: { token: string }) => storage.setItem(TOKEN_STORAGE_KEY, token),
      forgetToken: () => storage.removeItem(TOKEN_STORAGE_KEY),
    },
  };
}
