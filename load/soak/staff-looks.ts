// One look of a staff member: a screen of the situation room (urgents, answers, a thread, triage, statistics,
// coverage, observers, notification history) as its API requests, weighted by how often each happens.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { components } from "../../openapi/schema.d.ts";
import { expectOk, type Api } from "../support/api.ts";
import { SOAK_PHONE_PREFIX } from "./people.ts";
import type { Recorder } from "./recorder.ts";
import { COVERAGE_MEASURES, STATISTICS_METHODS } from "../support/read-catalogue.ts";

type AnswerThread = components["schemas"]["AnswerThread"];

/** Between claiming a thread and resolving it: a phone call, shortened. */
const HANDLING_MS = { min: 1_000, max: 3_000 };

export const between = ({ min, max }: { min: number; max: number }) => min + Math.random() * (max - min);
const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const chance = (share: number) => Math.random() < share;

/** What one staff member has on screen: the threads of the last list, the urgent ones of the last urgents list. */
export interface Screen {
  api: Api;
  url: string;
  recorder: Recorder;
  counties: string[];
  /** When this session began: photos of notes sent since are on this server's disk (see openThread). */
  since: Date;
  threads: AnswerThread[];
  urgents: AnswerThread[];
}

export type Look = (screen: Screen) => Promise<void>;

/** Weighted by how often the situation room does each: the urgents first, then threads, the rest now and then. */
const LOOKS: [number, Look][] = [
  [25, openUrgents],
  [15, openAnswers],
  [20, openThread],
  [10, triageThread],
  [10, openStatistics],
  [8, openCoverage],
  [7, openObservers],
  [5, openNotificationHistory],
];
const LOOK_WEIGHTS = LOOKS.reduce((sum, [weight]) => sum + weight, 0);

export function chooseLook(): Look {
  let roll = Math.random() * LOOK_WEIGHTS;
  for (const [weight, look] of LOOKS) if ((roll -= weight) < 0) return look;
  return LOOKS[0][1];
}

export async function openUrgents(screen: Screen) {
  const query = {
    urgent: true,
    sort: "oldestUnhandled" as const,
    pageSize: 20,
    ...(chance(0.3) ? { state: "new" as const } : {}),
    ...(chance(0.2) ? { county: pick(screen.counties) } : {}),
  };
  const [page] = await Promise.all([
    screen.api.GET("/api/v1/answers", { params: { query } }).then((result) => expectOk("listAnswerThreads", result)),
    screen.api.GET("/api/v1/answers/summary", {}).then((result) => expectOk("getTriageSummary", result)),
  ]);
  screen.urgents = page.data;
  screen.threads = page.data;
}

async function openAnswers(screen: Screen) {
  const query = {
    page: 1 + Math.floor(Math.random() * 3),
    pageSize: 20,
    ...(chance(0.4) ? { county: pick(screen.counties) } : {}),
    ...(chance(0.3) ? { from: new Date(Date.now() - 30 * 60_000).toISOString() } : {}),
    ...(chance(0.1) ? { observerPhoneNumber: `${SOAK_PHONE_PREFIX}00` } : {}),
  };
  const page = expectOk("listAnswerThreads", await screen.api.GET("/api/v1/answers", { params: { query } }));
  if (page.data.length > 0) screen.threads = page.data;
}

/** The details pane: answers, station facts, notes and the timeline at once, and now and then a photo opened large. */
async function openThread({ api, url, recorder, since, threads }: Screen) {
  const thread = pick(threads);
  if (!thread) return;
  const { idObserver, idPollingStation } = thread;
  const [, , notes] = await Promise.all([
    api.GET("/api/v1/answers/filledIn", { params: { query: { idObserver, idPollingStation } } }).then((result) => expectOk("listFilledInAnswers", result)),
    api.GET("/api/v1/answers/pollingStationInfo", { params: { query: { ObserverId: idObserver, PollingStationId: idPollingStation } } }).then((result) => expectOk("getPollingStationInfo", result)),
    api.GET("/api/v2/note", { params: { query: { idObserver, idPollingStation } } }).then((result) => expectOk("listNotes", result)),
    api.GET("/api/v1/answers/threads/{idObserver}/{idPollingStation}", { params: { path: { idObserver, idPollingStation } } }).then((result) => expectOk("getThreadTriage", result)),
  ]);
  // Only this run's photos are on this server's disk: the demo's were seeded into the seeding process's memory, and
  // an earlier run on the same DATABASE_URL kept its photos in a data directory that is gone.
  const photo = pick(notes.filter((note) => new Date(note.lastModified) >= since).flatMap((note) => note.attachments));
  if (photo && chance(0.3)) await openPhoto(`${url}${photo.url}`, recorder);
}

/** A signed attachment URL, fetched as an <img> would: no token. */
async function openPhoto(photoUrl: string, recorder: Recorder) {
  const request = new Request(photoUrl);
  const sent = performance.now();
  const response = await fetch(request).catch(async (error: Error) => {
    await recorder.observer("staff read")(request, error, performance.now() - sent);
    throw error;
  });
  await recorder.observer("staff read")(request, response, performance.now() - sent);
  await response.arrayBuffer();
}

/**
 * Claims one of the oldest unhandled urgent threads (others in the same scope reach for the same ones: a 409 is the
 * product keeping them apart), marks it in progress, maybe comments, resolves it most times, and lets it go.
 */
async function triageThread({ api, urgents }: Screen) {
  const thread = pick(urgents.filter((candidate) => candidate.state !== "resolved" && candidate.claim === null).slice(0, 3));
  if (!thread) return;
  const path = { idObserver: thread.idObserver, idPollingStation: thread.idPollingStation };
  const claim = await api.POST("/api/v1/answers/threads/{idObserver}/{idPollingStation}/claim", { params: { path }, body: { takeOver: false } });
  if (claim.response.status === 409) return;
  expectOk("claimThread", claim);
  thread.claim = claim.data!;
  expectOk("setThreadState", await api.PUT("/api/v1/answers/threads/{idObserver}/{idPollingStation}/state", { params: { path }, body: { state: "in_progress" } }));
  await sleep(between(HANDLING_MS));
  if (chance(0.3)) {
    const headers = { "Idempotency-Key": randomUUID() };
    expectOk("addThreadComment", await api.POST("/api/v1/answers/threads/{idObserver}/{idPollingStation}/comments", { params: { path, header: headers }, body: { text: "Am sunat observatorul." } }));
  }
  if (chance(0.7)) {
    expectOk("setThreadState", await api.PUT("/api/v1/answers/threads/{idObserver}/{idPollingStation}/state", { params: { path }, body: { state: "resolved", note: "Rezolvat la telefon." } }));
  }
  expectOk("releaseThreadClaim", await api.DELETE("/api/v1/answers/threads/{idObserver}/{idPollingStation}/claim", { params: { path } }));
}

/** The statistics route: its seven cards at once. */
async function openStatistics({ api }: Screen) {
  await Promise.all(
    STATISTICS_METHODS.map(async (method) => expectOk("getStatistics", await api.GET("/api/v1/statistics/{method}", { params: { path: { method }, query: { pageSize: 5 } } }))),
  );
}

async function openCoverage({ api, counties }: Screen) {
  expectOk("getCoverage", await api.GET("/api/v1/coverage", { params: { query: { silentMinutes: 30 } } }));
  const county = pick(counties);
  if (county && chance(0.3)) {
    const query = { county, measure: pick(COVERAGE_MEASURES)!, silentMinutes: 30, pageSize: 1000 };
    expectOk("listCoverageStations", await api.GET("/api/v1/coverage/stations", { params: { query } }));
  }
}

async function openObservers({ api }: Screen) {
  const query = { Page: 1 + Math.floor(Math.random() * 3), PageSize: 20, ...(chance(0.3) ? { Name: pick(["Ion", "Maria", "Elena"]) } : {}) };
  expectOk("listObservers", await api.GET("/api/v1/observer", { params: { query } }));
}

async function openNotificationHistory({ api }: Screen) {
  expectOk("listNotifications", await api.GET("/api/v1/notification/get/all", { params: { query: { page: 1, pageSize: 20 } } }));
}
