// The soak's observers: signed in a few at a time, then visiting stations at election-day pace; every acknowledged
// answer goes into a ledger for the count-back and the live events each stream should receive.
import type { components } from "../../openapi/schema.d.ts";
import { createApi, createGate, emptyTally, expectOk, type Api, type CallObserver, type Tally } from "../support/api.ts";
import { countyOf, loadCatalogue, visitStation, type Catalogue } from "../support/observer-visit.ts";
import type { SoakObserver } from "./people.ts";
import type { Recorder } from "./recorder.ts";
import { createStoppableSleep } from "../support/stoppable-sleep.ts";

type AnswersSubmission = components["schemas"]["AnswersSubmission"];

/** Election-day pace: each observer sends its next request 30–60 s after the last one started. */
const PAUSE_MS = { min: 30_000, max: 60_000 };
/** A question with a flagged option gets one this often: a few percent of all answers. */
const FLAGGED_SHARE = 0.04;
const SIGN_INS_AT_ONCE = 8;
const SIGN_IN_RETRIES = 20;

/**
 * What the server acknowledged (204) of the observers' answers: for each observer, station and question the options
 * of the last acknowledged batch (an answer replaces the previous one), and how many thread events that makes for
 * each NGO (one per station of each batch), which every stream in that NGO's scope must receive.
 */
export interface AnswerLedger {
  /** `phone|county|number|questionId` → option ids. */
  latest: Map<string, number[]>;
  acknowledgedOptions: number;
  eventsByNgo: Map<number, number>;
}

export interface ObserverCrowd {
  tally: Tally;
  ledger: AnswerLedger;
  /** Every observer plays until `stop`, then finishes the request it has in flight. */
  play(stop: AbortSignal): Promise<void>;
}

export const answerKey = (phone: string, countyCode: string, pollingStationNumber: number, questionId: number) =>
  `${phone}|${countyCode}|${pollingStationNumber}|${questionId}`;

/** Signs every observer in (a few at a time, as phones would trickle in) and loads the published forms once. */
export async function signInObservers(url: string, observers: SoakObserver[], recorder: Recorder): Promise<ObserverCrowd> {
  const tally = emptyTally();
  const ledger: AnswerLedger = { latest: new Map(), acknowledgedOptions: 0, eventsByNgo: new Map() };
  const never = new AbortController().signal;
  const unpaced = async () => {};
  const gate = createGate(SIGN_INS_AT_ONCE);
  const signInApi = createApi(url, undefined, { pace: unpaced, tally, signal: never, retries: SIGN_IN_RETRIES, observe: recorder.observer("other") });
  const tokens = await Promise.all(
    observers.map((observer) =>
      gate(async () => expectOk("authorizeObserver", await signInApi.POST("/api/v2/access/observer", { body: { phone: observer.phone, pin: observer.pin, channelName: "Firebase" } }))),
    ),
  );
  const catalogue = await loadCatalogue(createApi(url, tokens[0].access_token, { pace: unpaced, tally, signal: never, observe: recorder.observer("other") }));

  return {
    tally,
    ledger,
    async play(stop) {
      const stopping = () => stop.aborted;
      const sleep = createStoppableSleep(stop);
      await Promise.all(
        observers.map(async (observer, index) => {
          // In-flight requests are not aborted at the end (their answers are then acknowledged); only the wait is.
          // A signal of its own: fetch listens on it for each request, and one shared by thousands grows long lists.
          const signal = new AbortController().signal;
          const observe = acknowledging(observer, ledger, recorder.observer("observer write"));
          const api = createApi(url, tokens[index].access_token, { pace: observerPace(sleep), tally, signal, observe });
          await playObserver(api, catalogue, countyOf(catalogue, index), tally, stopping, recorder);
        }),
      );
    },
  };
}

async function playObserver(api: Api, catalogue: Catalogue, county: Catalogue["counties"][number], tally: Tally, stopping: () => boolean, recorder: Recorder) {
  while (!stopping()) {
    try {
      await visitStation(api, catalogue, county, tally, stopping, FLAGGED_SHARE);
    } catch (error) {
      if (stopping()) return; // the pacing wait was cut short: that is how the end looks
      recorder.failure(error, "observer visit");
    }
  }
}

/** The first request comes within one pause of the start, so that 2,000 observers do not start at once. */
function observerPace(sleep: (milliseconds: number) => Promise<void>) {
  const jitter = () => PAUSE_MS.min + Math.random() * (PAUSE_MS.max - PAUSE_MS.min);
  let next = performance.now() + Math.random() * PAUSE_MS.max;
  return async () => {
    await sleep(Math.max(0, next - performance.now()));
    next = Math.max(next, performance.now()) + jitter();
  };
}

/** Counts each call, and writes each acknowledged answers batch into the ledger before its caller goes on. */
function acknowledging(observer: SoakObserver, ledger: AnswerLedger, count: CallObserver): CallObserver {
  return async (request, outcome, milliseconds) => {
    await count(request, outcome, milliseconds);
    if (outcome instanceof Error || outcome.status !== 204 || request.method !== "POST" || !request.url.endsWith("/api/v1/answers")) return;
    const { answers } = (await request.clone().json()) as AnswersSubmission;
    const stations = new Set<string>();
    for (const answer of answers) {
      ledger.latest.set(answerKey(observer.phone, answer.countyCode, answer.pollingStationNumber, answer.questionId), answer.options.map((option) => option.optionId));
      ledger.acknowledgedOptions += answer.options.length;
      stations.add(`${answer.countyCode}|${answer.pollingStationNumber}`);
    }
    ledger.eventsByNgo.set(observer.ngoId, (ledger.eventsByNgo.get(observer.ngoId) ?? 0) + stations.size);
  };
}
