import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { Caller } from "./roles.ts";
import {
  adminRow,
  count,
  db,
  formCount,
  freshAdmin,
  freshForm,
  freshNgo,
  freshObserver,
  freshRound,
  freshStation,
  ngoRow,
  notificationCount,
  observerRow,
  observersOf,
  PASSWORD,
  registryState,
  roundCount,
  roundRow,
  stationFacts,
  stationRow,
  threadState,
  assignmentsOf,
} from "./targets.ts";
import { formBody, noteRequest, type Target, type World } from "./world.ts";

/** How the matrix calls one operation, and what the contract says about its scope. */
export interface OperationRow {
  /** The status when the caller may do it. */
  allowed: number;
  /**
   * What an admin (or observer) of NGO 2 gets for NGO 1's ids, from the operation's description: 404 ("like an
   * unknown id"), 403 (a named NGO or recipient outside its own), "filtered" (a success that leaves NGO 1 out), or
   * "global" (nothing an NGO owns is named).
   */
  scope: 404 | 403 | "filtered" | "global";
  /** A throwaway target made for this call, for operations that delete, reset or need a fresh one. */
  prepare?: (world: World, target: Target) => Promise<Target>;
  call: (world: World, target: Target, token: string | undefined) => Promise<Response>;
  /** What the operation would change: read before and after a refused call, it must be equal. */
  state?: (world: World, target: Target) => Promise<unknown>;
  /** Further checks of an allowed call's body (as text) for this caller. */
  verify?: (world: World, target: Target, caller: Caller, body: string) => Promise<void> | void;
  /** A known product defect the lead is fixing: the row stays and fails until then. */
  knownIssue?: string;
}

const get = (w: World, path: string, token: string | undefined) => w.api.get(path, token);
const send = (w: World, method: string, path: string, token: string | undefined, json?: unknown) => w.api.send(method, path, token, json);
const thread = (t: Target, rest = "") => `/api/v1/answers/threads/${t.observer.id}/${t.station.id}${rest}`;
const outOfScope = (caller: Caller, t: Target) => !caller.organizer && caller.ngo !== t.ngoId;

const json = <T>(body: string) => JSON.parse(body) as T;

/** A browser's subscription keys as RFC 8291 has them: a P-256 public key and a 16-byte secret. */
const BROWSER_KEYS = (() => {
  const ecdh = createECDH("prime256v1");
  return { p256dh: ecdh.generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") };
})();
const pushEndpoint = (t: Target, use = "save") => `https://fcm.googleapis.com/fcm/send/matrix-${use}/${t.observer.id}`;
const subscriptionOwners = async (w: World, t: Target, use = "save") =>
  (await db(w).selectFrom("webPushSubscription").select("observerId").where("endpoint", "=", pushEndpoint(t, use)).execute()).map((row) => row.observerId);
/** An organizer's answer to the same request does hold NGO 1's data: the leak check of the others is not vacuous. */
const organizerSeesNgo1 = (w: World, caller: Caller, body: string) => {
  if (caller.organizer) expect(w.ngo1Secrets.some((secret) => body.includes(secret)), "the organizer sees NGO 1's data").toBe(true);
};

/** One row per operationId of openapi/openapi.yaml; the matrix fails on an operation without a row. */
export const rows: Record<string, OperationRow> = {
  // Access and health
  authorize: {
    allowed: 200,
    scope: "global",
    call: (w, _t, token) => w.api.server.request("/api/v2/access/authorize", { method: "POST", token, json: { user: "0700000002", password: "demo1234" } }),
  },
  authorizeObserver: {
    allowed: 200,
    scope: "global",
    call: (w, t, token) => w.api.server.request("/api/v2/access/observer", { method: "POST", token, json: { phone: t.observer.phone, pin: "2468" } }),
  },
  getSession: { allowed: 200, scope: "global", call: (w, _t, token) => get(w, "/api/v2/access/me", token) },
  health: { allowed: 200, scope: "global", call: (w, _t, token) => get(w, "/api/health", token) },

  // Observers
  listObservers: {
    allowed: 200,
    scope: "filtered",
    call: (w, t, token) => get(w, `/api/v1/observer?id=${t.observer.id}`, token),
    verify: (_w, t, caller, body) => expect(json<{ totalItems: number }>(body).totalItems).toBe(outOfScope(caller, t) ? 0 : 1),
  },
  createObserver: {
    allowed: 201,
    scope: 403,
    call: (w, t, token) => send(w, "POST", "/api/v1/observer", token, { name: "Matrix New", phone: `0797${w.unique()}1`, pin: "2468", ngoId: t.ngoId }),
    state: observersOf,
  },
  updateObserver: {
    allowed: 200,
    scope: 404,
    prepare: freshObserver,
    call: (w, t, token) => send(w, "PUT", "/api/v1/observer", token, { idObserver: t.observer.id, name: "Matrix Renamed", phone: t.observer.phone }),
    state: observerRow,
  },
  deleteObserver: {
    allowed: 204,
    scope: 404,
    prepare: freshObserver,
    call: (w, t, token) => send(w, "DELETE", `/api/v1/observer?id=${t.observer.id}`, token),
    state: observerRow,
  },
  countObservers: { allowed: 200, scope: 403, call: (w, t, token) => get(w, `/api/v1/observer/count?NgoId=${t.ngoId}`, token) },
  resetObserver: {
    allowed: 204,
    scope: 404,
    prepare: freshObserver,
    call: (w, t, token) => send(w, "POST", "/api/v1/observer/reset", token, { action: "reset-password", phoneNumber: t.observer.phone, pin: "1357" }),
    state: observerRow,
  },
  importObservers: {
    allowed: 200,
    scope: 403,
    call: (w, t, token) => {
      const form = new FormData();
      form.append("file", new Blob([`Phone,Pin,Name\n0796${w.unique()}1,1234,Matrix Import\n`], { type: "text/csv" }), "observers.csv");
      form.append("ngoId", String(t.ngoId));
      return w.api.server.request("/api/v1/observer/import", { method: "POST", token, body: form });
    },
    state: observersOf,
  },
  importObserverOutbox: {
    allowed: 200,
    scope: 404,
    call: (w, t, token) => {
      const item = {
        id: randomUUID(),
        roundId: 1,
        createdAt: "2026-11-22T07:00:00Z",
        urgent: false,
        payload: { kind: "arrival", body: { countyCode: t.station.county, pollingStationNumber: t.station.number, observerArrivalTime: "2026-11-22T06:30:00Z" } },
      };
      const content = { format: "vote-monitor-outbox", version: 1, observerPhone: t.observer.phone, savedAt: "2026-11-22T08:00:00Z", items: [item] };
      const form = new FormData();
      form.append("file", new Blob([JSON.stringify(content)], { type: "application/json" }), "outbox.json");
      return w.api.server.request("/api/v1/observer-outbox/import", { method: "POST", token, body: form });
    },
    state: (w, t) => count(db(w).selectFrom("observerIdempotencyKey").select((e) => e.fn.countAll().as("n")).where("observerId", "=", t.observer.id)),
  },
  exportObservers: { allowed: 200, scope: 403, call: (w, t, token) => get(w, `/api/v1/observer/export?NgoId=${t.ngoId}`, token) },
  listActiveObservers: {
    allowed: 200,
    scope: "filtered",
    call: (w, t, token) => get(w, `/api/v1/observer/active?countyCodes=${t.station.county}`, token),
    verify: (w, _t, caller, body) => {
      if (!caller.organizer) expect(json<{ ngoId: number }[]>(body).every((observer) => observer.ngoId === caller.ngo)).toBe(true);
      organizerSeesNgo1(w, caller, body);
    },
  },

  // Assignments: an observer belongs to its NGO, so its stations are that NGO's to set.
  listObserverStations: { allowed: 200, scope: 404, call: (w, t, token) => get(w, `/api/v1/observer/${t.observer.id}/stations`, token) },
  setObserverStations: {
    allowed: 200,
    scope: 404,
    prepare: freshObserver,
    call: (w, t, token) =>
      send(w, "PUT", `/api/v1/observer/${t.observer.id}/stations`, token, { stations: [{ countyCode: t.station.county, pollingStationNumber: t.station.number }] }),
    state: assignmentsOf,
  },
  assignObservers: {
    allowed: 200,
    scope: 404,
    prepare: freshObserver,
    call: (w, t, token) =>
      send(w, "POST", "/api/v1/observer/stations", token, { observerIds: [t.observer.id], stations: [{ countyCode: t.station.county, pollingStationNumber: t.station.number }] }),
    state: assignmentsOf,
  },

  // Polling stations: observers record their own visits; the station is not owned by an NGO.
  listCounties: { allowed: 200, scope: "global", call: (w, _t, token) => get(w, "/api/v1/polling-station", token) },
  recordArrival: {
    allowed: 200,
    scope: "global",
    call: (w, t, token) => send(w, "POST", "/api/v1/polling-station", token, {
        countyCode: t.station.county,
        pollingStationNumber: t.station.number,
        observerArrivalTime: "2026-11-22T06:00:00Z",
      }),
    state: stationFacts,
  },
  recordDeparture: {
    allowed: 200,
    scope: "global",
    call: (w, t, token) => send(w, "PUT", "/api/v1/polling-station", token, {
        countyCode: t.station.county,
        pollingStationNumber: t.station.number,
        observerLeaveTime: "2026-11-22T20:00:00Z",
      }),
    state: stationFacts,
  },

  // The polling-station registry: reference data of every NGO (nothing an NGO owns is named). Organizers write it,
  // on throwaway stations; NGO admins and observers read it, and their writes are refused (403) with nothing changed.
  listPollingStations: {
    allowed: 200,
    scope: "global",
    call: (w, t, token) => get(w, `/api/v1/polling-stations?county=${t.station.county}&number=${t.station.number}`, token),
    verify: (_w, _t, _caller, body) => expect(json<{ totalItems: number }>(body).totalItems).toBe(1),
  },
  getPollingStation: { allowed: 200, scope: "global", call: (w, t, token) => get(w, `/api/v1/polling-stations/${t.station.id}`, token) },
  // The station is everyone's; who observes it is each NGO's: both NGOs' observers arrived at the matrix's station.
  listPollingStationObservers: {
    allowed: 200,
    scope: "filtered",
    call: (w, t, token) => get(w, `/api/v1/polling-stations/${t.station.id}/observers`, token),
    verify: (w, _t, caller, body) => {
      const ngos = json<{ observers: { ngoId: number }[] }>(body).observers.map((observer) => observer.ngoId);
      if (!caller.organizer) expect(ngos.length > 0 && ngos.every((ngo) => ngo === caller.ngo), `only NGO ${caller.ngo}'s observers, and some`).toBe(true);
      organizerSeesNgo1(w, caller, body);
    },
  },
  createPollingStation: {
    allowed: 201,
    scope: "global",
    call: (w, _t, token) => send(w, "POST", "/api/v1/polling-stations", token, { countyCode: "AB", number: 80_000 + Number(w.unique()), locality: "Matrix" }),
    state: registryState,
  },
  updatePollingStation: {
    allowed: 200,
    scope: "global",
    prepare: freshStation,
    call: (w, t, token) =>
      send(w, "PUT", `/api/v1/polling-stations/${t.station.id}`, token, { countyCode: t.station.county, number: t.station.number, locality: "Matrix renamed" }),
    state: stationRow,
  },
  retirePollingStation: {
    allowed: 200,
    scope: "global",
    prepare: freshStation,
    call: (w, t, token) => send(w, "POST", `/api/v1/polling-stations/${t.station.id}/retire`, token),
    state: stationRow,
  },
  importPollingStations: {
    allowed: 200,
    scope: "global",
    // One new station, and the others left as they are (retireMissing=false).
    call: (w, _t, token) => {
      const form = new FormData();
      form.append("file", new Blob([`county,number,locality\nAB,${70_000 + Number(w.unique())},Matrix import\n`], { type: "text/csv" }), "stations.csv");
      return w.api.server.request("/api/v1/polling-stations/import?retireMissing=false", { method: "POST", token, body: form });
    },
    state: registryState,
  },
  exportPollingStations: { allowed: 200, scope: "global", call: (w, _t, token) => get(w, "/api/v1/polling-stations/export", token) },

  // Election rounds: every caller reads the rounds it works in, naming only its own NGO among those taking part;
  // organizers alone write, into throwaway rounds.
  listElectionRounds: {
    allowed: 200,
    scope: "filtered",
    call: (w, _t, token) => get(w, "/api/v1/election-rounds", token),
    verify: (_w, t, caller, body) => {
      const named = json<{ rounds: { ngoIds: number[] }[] }>(body).rounds.some((round) => round.ngoIds.includes(t.ngoId));
      expect(named).toBe(!outOfScope(caller, t));
    },
  },
  getElectionRound: {
    allowed: 200,
    scope: "filtered",
    call: (w, _t, token) => get(w, "/api/v1/election-rounds/1", token),
    verify: (_w, t, caller, body) => expect(json<{ ngoIds: number[] }>(body).ngoIds.includes(t.ngoId)).toBe(!outOfScope(caller, t)),
  },
  createElectionRound: {
    allowed: 201,
    scope: "global",
    call: (w, _t, token) => send(w, "POST", "/api/v1/election-rounds", token, { name: `Matrix created round ${w.unique()}`, electionDay: "2020-01-01" }),
    state: roundCount,
  },
  updateElectionRound: {
    allowed: 200,
    scope: "global",
    prepare: freshRound("preparing"),
    call: (w, t, token) => send(w, "PUT", `/api/v1/election-rounds/${t.roundId}`, token, { name: `Matrix renamed ${w.unique()}`, electionDay: "2020-01-02", ngoIds: [t.ngoId] }),
    state: roundRow,
  },
  startElectionRound: { allowed: 200, scope: "global", prepare: freshRound("preparing"), call: (w, t, token) => send(w, "POST", `/api/v1/election-rounds/${t.roundId}/start`, token), state: roundRow },
  archiveElectionRound: { allowed: 200, scope: "global", prepare: freshRound("active"), call: (w, t, token) => send(w, "POST", `/api/v1/election-rounds/${t.roundId}/archive`, token), state: roundRow },
  reopenElectionRound: { allowed: 200, scope: "global", prepare: freshRound("archived"), call: (w, t, token) => send(w, "POST", `/api/v1/election-rounds/${t.roundId}/reopen`, token), state: roundRow },
  exportElectionRound: {
    allowed: 200,
    scope: "global",
    call: (w, _t, token) => get(w, "/api/v1/election-rounds/1/export", token),
    verify: (w, _t, caller, body) => organizerSeesNgo1(w, caller, body),
  },

  // NGOs: organizers only; writes go to throwaway NGOs.
  listNgos: { allowed: 200, scope: "global", call: (w, _t, token) => get(w, "/api/v1/ngo", token) },
  createNgo: {
    allowed: 201,
    scope: "global",
    call: (w, _t, token) => send(w, "POST", "/api/v1/ngo", token, { name: `Matrix created ${w.unique()}`, shortName: "MC", organizer: false, isActive: true }),
    state: (w) => count(db(w).selectFrom("ngo").select((e) => e.fn.countAll().as("n"))),
  },
  updateNgo: {
    allowed: 200,
    scope: "global",
    prepare: freshNgo,
    call: (w, t, token) =>
      send(w, "PUT", "/api/v1/ngo", token, { idNgo: t.ngoId, name: `Matrix renamed ${w.unique()}`, shortName: "MR", organizer: false, isActive: true }),
    state: ngoRow,
  },
  getNgo: { allowed: 200, scope: "global", call: (w, t, token) => get(w, `/api/v1/ngo/${t.ngoId}`, token) },
  deleteNgo: { allowed: 204, scope: "global", prepare: freshNgo, call: (w, t, token) => send(w, "DELETE", `/api/v1/ngo/${t.ngoId}`, token), state: ngoRow },
  setNgoOrganizer: {
    allowed: 200,
    scope: "global",
    prepare: freshNgo,
    call: (w, t, token) => send(w, "PATCH", `/api/v1/ngo/${t.ngoId}/organizer`, token, { isOrganizer: true }),
    state: ngoRow,
  },
  setNgoStatus: {
    allowed: 200,
    scope: "global",
    prepare: freshNgo,
    call: (w, t, token) => send(w, "PATCH", `/api/v1/ngo/${t.ngoId}/status`, token, { isActive: false }),
    state: ngoRow,
  },

  // NGO admins: another NGO is a 403.
  listNgoAdmins: { allowed: 200, scope: 403, call: (w, t, token) => get(w, `/api/v1/ngo/${t.ngoId}/admins`, token) },
  createNgoAdmin: {
    allowed: 201,
    scope: 403,
    call: (w, t, token) => send(w, "POST", `/api/v1/ngo/${t.ngoId}/admins`, token, { account: `matrix-new-${w.unique()}`, password: PASSWORD }),
    state: (w, t) => count(db(w).selectFrom("ngoAdmin").select((e) => e.fn.countAll().as("n")).where("ngoId", "=", t.ngoId)),
  },
  resetNgoAdminPassword: {
    allowed: 204,
    scope: 403,
    prepare: freshAdmin,
    call: (w, t, token) => send(w, "PUT", `/api/v1/ngo/${t.ngoId}/admins/${t.adminId}/password`, token, { password: "another matrix secret" }),
    state: adminRow,
  },
  deleteNgoAdmin: {
    allowed: 204,
    scope: 403,
    prepare: freshAdmin,
    call: (w, t, token) => send(w, "DELETE", `/api/v1/ngo/${t.ngoId}/admins/${t.adminId}`, token),
    state: adminRow,
  },

  // Forms: not owned by an NGO; the out-of-scope form is NGO 1's target, a draft (organizers only).
  listForms: {
    allowed: 200,
    scope: "global",
    call: (w, _t, token) => get(w, "/api/v1/form", token),
    verify: (_w, _t, caller, body) => {
      if (!caller.organizer) expect(json<{ formVersions: { draft: boolean }[] }>(body).formVersions.filter((form) => form.draft)).toEqual([]);
    },
  },
  saveForm: { allowed: 201, scope: "global", call: (w, _t, token) => send(w, "POST", "/api/v1/form", token, formBody(`MS${w.unique()}`, true)), state: formCount },
  deleteForm: {
    allowed: 204,
    scope: "global",
    prepare: freshForm,
    call: (w, t, token) => send(w, "DELETE", `/api/v1/form?formId=${t.formId}`, token),
    state: (w, t) => db(w).selectFrom("form").selectAll().where("id", "=", t.formId).executeTakeFirst(),
  },
  reorderForms: {
    allowed: 204,
    scope: "global",
    call: async (w, _t, token) => {
      const forms = await db(w).selectFrom("form").select("id").where("electionRoundId", "=", 1).orderBy("displayOrder").orderBy("id").execute();
      return send(w, "PUT", "/api/v1/form/order", token, { formIds: forms.map((form) => form.id).reverse() });
    },
    state: (w) => db(w).selectFrom("form").select(["id", "displayOrder"]).orderBy("id").execute(),
  },
  getForm: { allowed: 200, scope: 404, call: (w, t, token) => get(w, `/api/v1/form/${t.formId}`, token) },
  getFormAnswerCounts: { allowed: 200, scope: 404, call: (w, t, token) => get(w, `/api/v1/form/${t.formId}/answer-counts`, token) },
  exportForm: { allowed: 200, scope: "global", call: (w, t, token) => get(w, `/api/v1/form/${t.formId}/export`, token) },
  importForm: {
    allowed: 201,
    scope: "global",
    call: (w, _t, token) => send(w, "POST", "/api/v1/form/import", token, formBody(`MI${w.unique()}`, false)),
    state: formCount,
  },

  // Answers
  listAnswerThreads: {
    allowed: 200,
    scope: "filtered",
    call: (w, t, token) => get(w, `/api/v1/answers?observerPhoneNumber=${t.observer.phone}`, token),
    verify: (_w, t, caller, body) => expect(json<{ totalItems: number }>(body).totalItems).toBe(outOfScope(caller, t) ? 0 : 1),
  },
  submitAnswers: {
    allowed: 204,
    scope: "global",
    call: (w, t, token) =>
      send(w, "POST", "/api/v1/answers", token, {
        answers: [{ questionId: t.question.id, countyCode: t.station.county, pollingStationNumber: t.station.number, options: [{ optionId: t.question.no }] }],
      }),
    state: (w, t) =>
      db(w)
        .selectFrom("answer")
        .select(["observerId", "optionId", "lastModified"])
        .where("pollingStationId", "=", t.station.id)
        .orderBy("observerId")
        .orderBy("optionId")
        .execute(),
  },
  listFilledInAnswers: {
    allowed: 200,
    scope: 404,
    call: (w, t, token) => get(w, `/api/v1/answers/filledIn?idPollingStation=${t.station.id}&idObserver=${t.observer.id}`, token),
  },
  getPollingStationInfo: {
    allowed: 200,
    scope: 404,
    call: (w, t, token) => get(w, `/api/v1/answers/pollingStationInfo?ObserverId=${t.observer.id}&PollingStationId=${t.station.id}`, token),
  },

  // Triage: a thread of another NGO is a 404, and nothing about it changes.
  getTriageSummary: { allowed: 200, scope: "filtered", call: (w, _t, token) => get(w, "/api/v1/answers/summary", token) },
  getThreadTriage: { allowed: 200, scope: 404, call: (w, t, token) => get(w, thread(t), token) },
  setThreadState: { allowed: 200, scope: 404, call: (w, t, token) => send(w, "PUT", thread(t, "/state"), token, { state: "in_progress" }), state: threadState },
  claimThread: { allowed: 200, scope: 404, call: (w, t, token) => send(w, "POST", thread(t, "/claim"), token, { takeOver: true }), state: threadState },
  renewThreadClaim: {
    allowed: 200,
    scope: 404,
    // Renewing needs a claim of one's own: the caller claims first (refused alike when it may not).
    call: async (w, t, token) => {
      await send(w, "POST", thread(t, "/claim"), token, { takeOver: true });
      return send(w, "PUT", thread(t, "/claim"), token);
    },
    state: threadState,
  },
  releaseThreadClaim: { allowed: 204, scope: 404, call: (w, t, token) => send(w, "DELETE", thread(t, "/claim"), token), state: threadState },
  addThreadComment: { allowed: 201, scope: 404, call: (w, t, token) => send(w, "POST", thread(t, "/comments"), token, { text: "matrix comment" }), state: threadState },
  streamLiveEvents: { allowed: 200, scope: "filtered", call: (w, _t, token) => get(w, "/api/v1/live", token) },

  // Notes
  listNotes: { allowed: 200, scope: 404, call: (w, t, token) => get(w, `/api/v2/note?idPollingStation=${t.station.id}&idObserver=${t.observer.id}`, token) },
  createNote: {
    allowed: 201,
    scope: "global",
    call: (w, _t, token) => noteRequest(w.api, token, "matrix note"),
    state: (w, t) => count(db(w).selectFrom("note").select((e) => e.fn.countAll().as("n")).where("pollingStationId", "=", t.station.id)),
  },
  // Public through its signed URL: whoever holds the URL gets the photo, with or without a token.
  getAttachment: { allowed: 200, scope: "global", call: (w, t, token) => w.api.server.request(t.attachmentUrl, { token }) },

  // Statistics, coverage and exports: computed over the caller's NGO only.
  getStatistics: { allowed: 200, scope: "filtered", call: (w, _t, token) => get(w, "/api/v1/statistics/countiesIrregularities", token) },
  getCoverage: { allowed: 200, scope: "filtered", call: (w, _t, token) => get(w, "/api/v1/coverage", token) },
  listCoverageStations: {
    allowed: 200,
    scope: "filtered",
    call: (w, t, token) => get(w, `/api/v1/coverage/stations?county=${t.station.county}&measure=observed`, token),
    verify: (w, _t, caller, body) => organizerSeesNgo1(w, caller, body),
  },
  exportAnswers: {
    allowed: 200,
    scope: "filtered",
    call: (w, _t, token) => get(w, "/api/v1/export/all", token),
    verify: (w, _t, caller, body) => organizerSeesNgo1(w, caller, body),
  },

  // Notifications
  sendNotification: {
    allowed: 202,
    scope: 403,
    call: (w, t, token) =>
      send(w, "POST", "/api/v1/notification/send", token, { channel: "Firebase", from: "Matrix", title: "Matrix", message: "Test", recipients: [t.observer.id] }),
    state: notificationCount,
  },
  sendNotificationToAll: {
    allowed: 202,
    scope: "filtered",
    call: (w, _t, token) => send(w, "POST", "/api/v1/notification/send/all", token, { channel: "Firebase", from: "Matrix", title: "Matrix all", message: "Test" }),
    state: notificationCount,
    verify: async (w, _t, caller, body) => {
      if (caller.organizer) return;
      const { id } = json<{ id: number }>(body);
      const ngos = await db(w)
        .selectFrom("notificationRecipient as r")
        .innerJoin("observer as o", "o.id", "r.observerId")
        .select("o.ngoId")
        .distinct()
        .where("r.notificationId", "=", id)
        .execute();
      expect(ngos.map((row) => row.ngoId)).toEqual([caller.ngo]);
    },
  },
  listNotificationRecipients: { allowed: 200, scope: 404, call: (w, t, token) => get(w, `/api/v1/notification/${t.notificationId}/recipients`, token) },
  getNotificationProvider: { allowed: 200, scope: "global", call: (w, _t, token) => get(w, "/api/v1/notification/provider", token) },
  listNotifications: {
    allowed: 200,
    scope: "filtered",
    call: (w, _t, token) => get(w, "/api/v1/notification/get/all", token),
    verify: (w, _t, caller, body) => organizerSeesNgo1(w, caller, body),
  },

  // The observers' app: observers read their own stations and notifications (NGO 2's observer never gets NGO 1's,
  // and does get its own: the check is not vacuous), and the round's registry and published forms, which no NGO owns.
  listMyStations: {
    allowed: 200,
    scope: "filtered",
    call: (w, _t, token) => get(w, "/api/v1/my/stations", token),
    verify: (_w, t, _caller, body) => {
      const stations = json<{ stations: { id: number; arrivedAt: string | null }[] }>(body).stations;
      expect(stations.map((station) => [station.id, station.arrivedAt])).toEqual([[t.station.id, "2026-11-22T06:00:00.000Z"]]);
    },
  },
  getStationRegistry: {
    allowed: 200,
    scope: "global",
    call: (w, _t, token) => get(w, "/api/v1/my/registry", token),
    verify: (_w, t, _caller, body) => expect(json<{ stations: { id: number }[] }>(body).stations.map((station) => station.id)).toContain(t.station.id),
  },
  listMyForms: {
    allowed: 200,
    scope: "global",
    call: (w, _t, token) => get(w, "/api/v1/my/forms", token),
    // NGO 1's target form is the draft, NGO 2's a published one.
    verify: (w, _t, _caller, body) => {
      const ids = json<{ forms: { id: number }[] }>(body).forms.map((form) => form.id);
      expect([ids.includes(w.targets[1].formId), ids.includes(w.targets[2].formId)]).toEqual([false, true]);
    },
  },
  listMyNotifications: {
    allowed: 200,
    scope: "filtered",
    call: (w, _t, token) => get(w, "/api/v1/my/notifications", token),
    verify: (w, _t, _caller, body) => {
      const ids = json<{ notifications: { id: number }[] }>(body).notifications.map((notification) => notification.id);
      expect([ids.includes(w.targets[1].notificationId), ids.includes(w.targets[2].notificationId)]).toEqual([false, true]);
    },
  },
  getPushPublicKey: { allowed: 200, scope: "global", call: (w, _t, token) => get(w, "/api/v1/my/push-key", token) },
  // The endpoint named after the target's observer: saving it is the caller's alone, never NGO 1's observer's.
  savePushSubscription: {
    allowed: 204,
    scope: "global",
    call: (w, t, token) => send(w, "PUT", "/api/v1/my/push-subscription", token, { endpoint: pushEndpoint(t), keys: BROWSER_KEYS }),
    state: (w, t) => subscriptionOwners(w, t),
    verify: async (w, t) => expect(await subscriptionOwners(w, t)).toEqual([w.targets[2].observer.id]),
  },
  // The target's observer's subscription: another observer's delete answers 204 and leaves it.
  deletePushSubscription: {
    allowed: 204,
    scope: "filtered",
    prepare: async (w, t) => {
      await db(w)
        .insertInto("webPushSubscription")
        .values({ observerId: t.observer.id, endpoint: pushEndpoint(t, "delete"), ...BROWSER_KEYS })
        .onConflict((conflict) => conflict.column("endpoint").doUpdateSet({ observerId: t.observer.id }))
        .execute();
      return t;
    },
    call: (w, t, token) => send(w, "DELETE", "/api/v1/my/push-subscription", token, { endpoint: pushEndpoint(t, "delete") }),
    state: (w, t) => subscriptionOwners(w, t, "delete"),
    verify: async (w, t) => expect(await subscriptionOwners(w, t, "delete")).toEqual([t.observer.id]),
  },

  // Audit: organizers only (the log names every NGO's observers and staff); everyone else 403 from x-roles.
  listAuditEntries: {
    allowed: 200,
    scope: "global",
    call: (w, _t, token) => get(w, "/api/v1/audit?action=notification.sent&pageSize=200", token),
    verify: (w, _t, caller, body) => organizerSeesNgo1(w, caller, body),
  },
};
