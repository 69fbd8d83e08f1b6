import type { ApiClient } from "../../api/client";
import { errorFromResponse, expectData } from "../../api/problem";
import { DATA_KEYS } from "../storage/data-keys";
import { readValue, writeValue, type ObserverDb } from "../storage/observer-db";
import type { ObserverData, ObserverStore } from "../storage/observer-store";
import type { ElectionRound, InboxMessage, MyForms, Registry, RegistryCounty } from "./reference-types";

/** The inbox keeps the newest messages only: the server keeps them all. */
const INBOX_SIZE = 200;

/** Asks again for what the phone has under `etag`: null when it is still current (304), else the new version. */
async function fetchIfChanged<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<(T & { etag: string | null }) | null> {
  const { data, error, response } = await call;
  if (response.status === 304) return null;
  if (!response.ok || data === undefined) throw errorFromResponse(response, error);
  return { ...data, etag: response.headers.get("ETag") };
}

const ifNoneMatch = (etag: string | null | undefined) => (etag ? { "If-None-Match": etag } : {});

/** The round the observer works in now: the server's current one for them. */
function roundOf(rounds: ElectionRound[]): ElectionRound | null {
  return rounds.find((round) => round.current) ?? rounds[0] ?? null;
}

/**
 * Pulls what the server has for the observer, asking only for what changed (registry and forms by their versions,
 * the inbox after its newest message), keeps it in IndexedDB and shows each part as soon as it arrives: the assigned
 * stations need not wait for the registry's 19,000 stations.
 */
export async function refreshReference(api: ApiClient, db: ObserverDb, store: ObserverStore, signal: AbortSignal): Promise<void> {
  const { rounds } = await expectData(api.GET("/api/v1/election-rounds", { signal }));
  const round = roundOf(rounds);
  if (!round) return;
  await writeValue(db, DATA_KEYS.round, round);
  store.trigger.loaded({ data: { round } });
  const query = { electionRoundId: round.id };
  const show = (data: Partial<ObserverData>) => store.trigger.loaded({ data });

  const stations = async () => {
    const { stations: mine } = await expectData(api.GET("/api/v1/my/stations", { params: { query }, signal }));
    await writeValue(db, DATA_KEYS.myStations(round.id), mine);
    show({ myStations: mine });
  };
  const registry = async () => {
    const etag = await readValue<string>(db, DATA_KEYS.registryEtag(round.id));
    const changed = await fetchIfChanged(api.GET("/api/v1/my/registry", { params: { query, header: ifNoneMatch(etag) }, signal }));
    if (!changed) return;
    await writeValue(db, DATA_KEYS.registry(round.id), changed);
    await writeValue(db, DATA_KEYS.counties(round.id), changed.counties);
    await writeValue(db, DATA_KEYS.registryEtag(round.id), changed.etag);
    show({ registry: changed, counties: changed.counties });
  };
  const forms = async () => {
    const cached = await readValue<MyForms>(db, DATA_KEYS.forms(round.id));
    const changed = await fetchIfChanged(api.GET("/api/v1/my/forms", { params: { query, header: ifNoneMatch(cached?.etag) }, signal }));
    if (!changed) return;
    await writeValue(db, DATA_KEYS.forms(round.id), changed);
    show({ forms: changed });
  };
  const inbox = async () => {
    const cached = (await readValue<InboxMessage[]>(db, DATA_KEYS.inbox(round.id))) ?? [];
    const after = cached[0]?.id;
    const { notifications } = await expectData(api.GET("/api/v1/my/notifications", { params: { query: after ? { ...query, after } : query }, signal }));
    const newest = [...notifications, ...cached].slice(0, INBOX_SIZE);
    await writeValue(db, DATA_KEYS.inbox(round.id), newest);
    show({ inbox: newest });
  };
  await Promise.all([stations(), registry(), forms(), inbox()]);
}

/**
 * What the phone kept from earlier visits, read at start so that the app opens offline with everything it shows
 * first; the registry's stations wait until a station is picked by number (`loadRegistry`).
 */
export async function loadObserverData(db: ObserverDb): Promise<Partial<ObserverData>> {
  const round = await readValue<ElectionRound>(db, DATA_KEYS.round);
  const currentStation = (await readValue<ObserverData["currentStation"]>(db, DATA_KEYS.currentStation)) ?? null;
  if (!round) return { currentStation };
  const [counties, forms, myStations, inbox] = await Promise.all([
    readValue<RegistryCounty[]>(db, DATA_KEYS.counties(round.id)),
    readValue<MyForms>(db, DATA_KEYS.forms(round.id)),
    readValue<ObserverData["myStations"]>(db, DATA_KEYS.myStations(round.id)),
    readValue<InboxMessage[]>(db, DATA_KEYS.inbox(round.id)),
  ]);
  return { round, counties: counties ?? [], forms: forms ?? null, myStations: myStations ?? [], inbox: inbox ?? [], currentStation };
}

/** The registry's stations, read from IndexedDB into the store once, when a station is about to be picked by number. */
export async function loadRegistry(db: ObserverDb, store: ObserverStore): Promise<void> {
  const { round, registry } = store.getSnapshot().context;
  if (!round || registry) return;
  const kept = await readValue<Registry>(db, DATA_KEYS.registry(round.id));
  if (kept && !store.getSnapshot().context.registry) store.trigger.loaded({ data: { registry: kept } });
}
