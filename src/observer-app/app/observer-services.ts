import { createActor, fromPromise, type Actor } from "xstate";
import { createApiClient, type ApiClient } from "../../api/client";
import { ApiError, expectData } from "../../api/problem";
import { createObserverWrites, type ObserverWrites } from "../outbox/observer-writes";
import { createOutboxSyncActors } from "../outbox/outbox-sync.actors";
import { outboxSyncMachine } from "../outbox/outbox-sync.machine";
import { unsentCount } from "../outbox/outbox-item";
import { loadOutbox } from "../outbox/outbox-store";
import { dropPushSubscription } from "../push/push-subscription.actors";
import { loadObserverData, refreshReference } from "../reference/refresh-reference";
import { observerSessionMachine, type Credentials, type ObserverSession } from "../session/observer-session.machine";
import { createSessionStorage } from "../session/session-storage";
import { DATA_KEYS } from "../storage/data-keys";
import { forgetObserverData, openObserverDb, readValue, writeValue, type ObserverDb } from "../storage/observer-db";
import { createObserverStore, EMPTY_DATA, type ObserverStore } from "../storage/observer-store";
import { forgetScreenSnapshot } from "./screen-snapshot";

export interface ObserverServices {
  api: ApiClient;
  db: ObserverDb;
  store: ObserverStore;
  session: Actor<typeof observerSessionMachine>;
  sync: Actor<typeof outboxSyncMachine>;
  writes: ObserverWrites;
}

/**
 * The app's composition root: the phone's database, what it kept, the session, the sender and the writes. Opening
 * needs no network: everything shown comes from IndexedDB until a sync brings newer data.
 */
export async function startObserverServices(storage: Storage = window.localStorage): Promise<ObserverServices> {
  const db = await openObserverDb();
  const sessionStorage = createSessionStorage(storage);
  const store = createObserverStore({ ...EMPTY_DATA, ...(await loadObserverData(db)) });
  const stored = sessionStorage.read();
  let token: string | null = stored && stored.expiresAt > Date.now() ? stored.token : null;
  // Set below: the API client reports a refused token to the session, which is made after it.
  let session: Actor<typeof observerSessionMachine> | null = null;
  const api = createApiClient({ baseUrl: "", getToken: () => token, onUnauthorized: () => session?.send({ type: "session.expired" }) });

  const sync = createActor(
    outboxSyncMachine.provide({
      actors: createOutboxSyncActors({ api, db, hasSession: () => token !== null, refresh: (signal) => refreshReference(api, db, store, signal) }),
    }),
  );
  session = createActor(
    observerSessionMachine.provide({
      actors: { authorize: fromPromise<ObserverSession, Credentials>(({ input, signal }) => authorize(api, db, input, signal)) },
      actions: {
        persist: (_, { session: signedIn }) => {
          token = signedIn.token;
          sessionStorage.write(signedIn);
        },
        forget: () => {
          token = null;
          sessionStorage.clear();
          void dropPushSubscription().catch(() => undefined);
          void forgetScreenSnapshot();
          // Nothing of the observer who left stays on the phone: sent items, answers, station, messages, last screen.
          void forgetObserverData(db).then(() => {
            store.trigger.loaded({ data: EMPTY_DATA });
            sync.send({ type: "outbox.changed", items: [] });
          });
        },
        // The phone, its outbox and its station stay: only the refused token goes, so that nothing more asks with it.
        tokenRefused: () => {
          token = null;
        },
        sessionRenewed: () => sync.send({ type: "session.renewed" }),
      },
    }),
    { input: { session: stored } },
  );
  const writes = createObserverWrites({ db, store, outboxChanged: (items) => sync.send({ type: "outbox.changed", items }) });
  session.start();
  sync.start();
  return { api, db, store, session, sync, writes };
}

/**
 * Signs in online. The outbox belongs to the observer who filled it: while it holds unsent items, only that
 * observer may sign in on this phone (another one would send them as their own).
 */
async function authorize(api: ApiClient, db: ObserverDb, credentials: Credentials, signal: AbortSignal): Promise<ObserverSession> {
  const owner = await readValue<string>(db, DATA_KEYS.outboxOwner);
  if (owner && owner !== credentials.phone && unsentCount(await loadOutbox(db)) > 0) {
    throw new ApiError({ status: 409, code: "other_observers_outbox", title: "The outbox holds another observer's reports." });
  }
  // The contract's default channel, unused without a device token: Web Push registers on its own operation.
  const answer = await expectData(api.POST("/api/v2/access/observer", { body: { ...credentials, channelName: "Firebase" }, signal }));
  await writeValue(db, DATA_KEYS.outboxOwner, credentials.phone);
  return { token: answer.access_token, phone: credentials.phone, expiresAt: Date.now() + answer.expires_in * 1000 };
}
