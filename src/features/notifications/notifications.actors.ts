import { fromPromise } from "xstate";
import type { ApiClient } from "../../api/client";
import { expectData } from "../../api/problem";
import type { components, operations } from "../../api/schema";
import { fromAbortablePromise } from "../../shared/machines/from-abortable-promise";
import type { ListPage, ListQuery } from "../../shared/machines/list.machine";
import type { Candidate, SearchCriteria, SendRequest } from "./notification-composer.machine";

export type County = components["schemas"]["County"];
export type NotificationResult = components["schemas"]["NotificationResult"];
export type NotificationProvider = components["schemas"]["NotificationProvider"];
/** How this server delivers (getNotificationProvider): the phones' provider, and whether Web Push reaches the web app. */
export type NotificationDelivery = operations["getNotificationProvider"]["responses"][200]["content"]["application/json"];
export type NotificationHistoryItem = components["schemas"]["NotificationHistoryItem"];
export type NotificationRecipientStatus = components["schemas"]["NotificationRecipientStatus"];
export type NotificationRecipient = components["schemas"]["NotificationRecipient"];
/** A recipient as the list machine holds rows: by id (the observer's). */
export type RecipientRow = NotificationRecipient & { id: number };

type Observer = components["schemas"]["Observer"];
type ActiveObserver = components["schemas"]["ActiveObserver"];

/** The channel and sender every notification of this back office carries (section 9 of the spec). */
export const CHANNEL = "Firebase" as const;
export const SENDER = "Monitorizare Vot";

/** How many chosen observers are read at once: the contract reads one observer per call. */
const CHOSEN_READS_AT_ONCE = 8;

const fromActive = (observer: ActiveObserver): Candidate => ({
  id: observer.id,
  name: observer.name,
  phone: observer.phone,
  lastSeen: observer.lastSeen,
  pollingStations: observer.pollingStations,
  reachable: observer.reachable,
});

// listObservers does not say which stations matched nor the channel: a registered device is what reaches it.
const fromObserver = (observer: Observer): Candidate => ({
  id: observer.id,
  name: observer.name,
  phone: observer.phone,
  lastSeen: observer.lastSeen,
  pollingStations: null,
  reachable: observer.deviceRegisterDate !== null,
});

async function readObserver(api: ApiClient, id: number, signal: AbortSignal): Promise<Candidate | null> {
  const page = await expectData(api.GET("/api/v1/observer", { params: { query: { id } }, signal }));
  const observer = page.data[0];
  return observer ? fromObserver(observer) : null;
}

/** The observers another screen chose (?observerIds=…), in scope and still there; the others are left out. */
async function readChosen(api: ApiClient, ids: readonly number[], signal: AbortSignal): Promise<Candidate[]> {
  const found: Candidate[] = [];
  for (let start = 0; start < ids.length; start += CHOSEN_READS_AT_ONCE) {
    const batch = ids.slice(start, start + CHOSEN_READS_AT_ONCE);
    const read = await Promise.all(batch.map((id) => readObserver(api, id, signal)));
    found.push(...read.filter((candidate): candidate is Candidate => candidate !== null));
  }
  return found;
}

function searchActive(api: ApiClient, { countyCode, from, to, assigned }: SearchCriteria, signal: AbortSignal) {
  const query = {
    countyCodes: [countyCode ?? ""],
    ...(from === null ? {} : { fromPollingStationNumber: from }),
    ...(to === null ? {} : { toPollingStationNumber: to }),
    ...(assigned ? { assigned: true } : {}),
  };
  return expectData(api.GET("/api/v1/observer/active", { params: { query }, signal }));
}

function send(api: ApiClient, request: SendRequest, signal: AbortSignal): Promise<NotificationResult> {
  const params = { header: { "Idempotency-Key": request.idempotencyKey } };
  const message = { channel: CHANNEL, from: SENDER, title: request.title, message: request.message };
  return request.audience === "all"
    ? expectData(api.POST("/api/v1/notification/send/all", { params, body: message, signal }))
    : expectData(api.POST("/api/v1/notification/send", { params, body: { ...message, recipients: request.recipients }, signal }));
}

/** The composer's requests: the chosen observers, the search of the observers who arrived at (or are assigned to) stations, and the send. */
export function createComposerActors(api: ApiClient) {
  return {
    actors: {
      // Starts on mount: see fromAbortablePromise.
      loadChosen: fromAbortablePromise<Candidate[], { ids: number[] }>(({ input, signal }) => readChosen(api, input.ids, signal)),
      search: fromPromise<Candidate[], SearchCriteria>(async ({ input, signal }) => (await searchActive(api, input, signal)).map(fromActive)),
      send: fromPromise<NotificationResult, SendRequest>(({ input, signal }) => send(api, input, signal)),
    },
  };
}

/** Every county with its station count, for the county select (listCounties). */
export function createCountyActors(api: ApiClient) {
  return {
    actors: { load: fromAbortablePromise<unknown>(({ signal }) => expectData(api.GET("/api/v1/polling-station", { signal }))) },
  };
}

/** How notifications are delivered: the composer warns before sending when nothing, or only Web Push, pushes (getNotificationProvider). */
export function createProviderActors(api: ApiClient) {
  return {
    actors: {
      load: fromAbortablePromise<unknown>(({ signal }) => expectData(api.GET("/api/v1/notification/provider", { signal }))),
    },
  };
}

/** The history, newest first (listNotifications). */
export function createHistoryActors(api: ApiClient) {
  return {
    actors: {
      loadPage: fromAbortablePromise<ListPage, ListQuery>(async ({ input, signal }) => {
        const query = { page: input.page, pageSize: input.pageSize };
        const page = await expectData(api.GET("/api/v1/notification/get/all", { params: { query }, signal }));
        return { items: page.data, totalItems: page.totalItems };
      }),
    },
  };
}

const isStatus = (value: string | undefined): value is NotificationRecipientStatus =>
  value === "queued" || value === "sent" || value === "failed" || value === "no_device" || value === "not_pushed";

/** One notification's recipients with their delivery status, filtered by status (listNotificationRecipients). */
export function createRecipientActors(api: ApiClient, notificationId: number) {
  return {
    actors: {
      loadPage: fromAbortablePromise<ListPage, ListQuery>(async ({ input, signal }) => {
        const status = input.filter.status;
        const query = { page: input.page, pageSize: input.pageSize, ...(isStatus(status) ? { status } : {}) };
        const page = await expectData(
          api.GET("/api/v1/notification/{id}/recipients", { params: { path: { id: notificationId }, query }, signal }),
        );
        const items: RecipientRow[] = page.data.map((recipient) => ({ ...recipient, id: recipient.observerId }));
        return { items, totalItems: page.totalItems };
      }),
    },
  };
}
