import type { ApiClient } from "../../api/client";
import { errorFromResponse, expectData } from "../../api/problem";
import { DATA_KEYS } from "../storage/data-keys";
import { readValue, writeValue, type ObserverDb } from "../storage/observer-db";
import type { ObserverData, ObserverStore } from "../storage/observer-store";
import type { ElectionRound, InboxMessage, MyForms, Registry } from "./reference-types";

/** The inbox keeps the newest messages only: the server keeps them all. */
const INBOX_SIZE = 200;

/** Asks again for what the phone has under `etag`: null when it is still current (304), else the new version. */
async function fetchIfChanged<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<(T & { etag: string | null }) | null> {
  const { data, error, response } = await call;
  if (response.status === 304) return null;
  if (!response.ok || data === undefined) throw errorFromResponse(response, error);
  return { ...data, etag: response.headers.get("ETag") };
}

const ifNoneMatch = (cached: { etag: string | null } | null | undefined) => (cached?.etag ? { "If-None-Match": cached.etag } : {});

/** The round the observer works in now: the server's current one for them. */
function roundOf(rounds: ElectionRound[]): ElectionRound | null {
  return rounds.find((round) => round.current) ?? rounds[0] ?? null;
}

/**
 * Pulls what the server has for the observer, asking only for what changed (registry and forms by their versions,
 * the inbox after its newest message), keeps it in IndexedDB and shows it.
 */
export async function refreshReference(api: ApiClient, db: ObserverDb, store: ObserverStore, signal: AbortSignal): Promise<void> {
  const { rounds } = await expectData(api.GET("/api/v1/election-rounds", { signal }));
  const round = roundOf(rounds);
  if (!round) return;
  const query = { electionRoundId: round.id };
  const [cachedRegistry, cachedForms, cachedInbox = []] = await Promise.all([
    readValue<Registry>(db, DATA_KEYS.registry(round.id)),
    readValue<MyForms>(db, DATA_KEYS.forms(round.id)),
    readValue<InboxMessage[]>(db, DATA_KEYS.inbox(round.id)),
  ]);
  const after = cachedInbox[0]?.id;
  const [stations, registry, forms, inbox] = await Promise.all([
    expectData(api.GET("/api/v1/my/stations", { params: { query }, signal })),
    fetchIfChanged(api.GET("/api/v1/my/registry", { params: { query, header: ifNoneMatch(cachedRegistry) }, signal })),
    fetchIfChanged(api.GET("/api/v1/my/forms", { params: { query, header: ifNoneMatch(cachedForms) }, signal })),
    expectData(api.GET("/api/v1/my/notifications", { params: { query: after ? { ...query, after } : query }, signal })),
  ]);
  const newest = [...inbox.notifications, ...cachedInbox].slice(0, INBOX_SIZE);
  await Promise.all([
    writeValue(db, DATA_KEYS.round, round),
    writeValue(db, DATA_KEYS.myStations(round.id), stations.stations),
    writeValue(db, DATA_KEYS.inbox(round.id), newest),
    registry ? writeValue(db, DATA_KEYS.registry(round.id), registry) : null,
    forms ? writeValue(db, DATA_KEYS.forms(round.id), forms) : null,
  ]);
  const data: Partial<ObserverData> = { round, myStations: stations.stations, inbox: newest };
  if (registry ?? cachedRegistry) data.registry = registry ?? cachedRegistry ?? null;
  if (forms ?? cachedForms) data.forms = forms ?? cachedForms ?? null;
  store.trigger.loaded({ data });
}

/** What the phone kept from earlier visits, read at start so that the app opens offline with everything. */
export async function loadObserverData(db: ObserverDb): Promise<Partial<ObserverData>> {
  const round = await readValue<ElectionRound>(db, DATA_KEYS.round);
  const currentStation = (await readValue<ObserverData["currentStation"]>(db, DATA_KEYS.currentStation)) ?? null;
  if (!round) return { currentStation };
  const [registry, forms, myStations, inbox] = await Promise.all([
    readValue<Registry>(db, DATA_KEYS.registry(round.id)),
    readValue<MyForms>(db, DATA_KEYS.forms(round.id)),
    readValue<ObserverData["myStations"]>(db, DATA_KEYS.myStations(round.id)),
    readValue<InboxMessage[]>(db, DATA_KEYS.inbox(round.id)),
  ]);
  return { round, registry: registry ?? null, forms: forms ?? null, myStations: myStations ?? [], inbox: inbox ?? [], currentStation };
}
