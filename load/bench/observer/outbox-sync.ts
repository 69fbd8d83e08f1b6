import type { Browser } from "playwright-core";
import { OBSERVER } from "./first-load.ts";
import { OFFLINE, serviceWorkerInControl, setNetwork, SLOW_3G, throttle } from "./page-timing.ts";

export interface OutboxSync {
  items: number;
  seconds: number;
  /** The outbox read back from IndexedDB: how many items ended in each state, and the attempts made in all. */
  states: Record<string, number>;
  attempts: number;
}

// Strings, not functions: tsx would insert helpers the page does not have. Both use the app's own database
// (src/observer-app/storage/observer-db.ts: "observer-app", stores "kv" and "outbox") through plain IndexedDB.
const OPEN_DB = `new Promise((resolve, reject) => {
  const request = indexedDB.open("observer-app");
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
})`;
const done = (request: string) => `new Promise((resolve, reject) => { const r = ${request}; r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); })`;

/**
 * Queues `count` answer batches (OutboxItem, src/observer-app/outbox/outbox-item.ts) for the observer's first assigned
 * station and the first form for every station, as the app would have queued them offline: each answers the form's
 * questions with one ordinary (not flagged, not free-text) option, chosen in turn. Each has a key of its own: the app
 * keeps one unsent version of a form at a station, so a real outbox of 100 items changes 100 different things (forms
 * at stations, notes, visits), which may travel together; items of one key go one after another by design.
 */
const queueAnswerBatches = (count: number) => `(async () => {
  const db = await ${OPEN_DB};
  const read = (key) => ${done('db.transaction("kv").objectStore("kv").get(key)')};
  const round = await read("round");
  const station = (await read("my-stations:" + round.id)).find((s) => s.assigned);
  const form = (await read("forms:" + round.id)).forms.find((f) => !f.diaspora);
  const questions = form.formSections.flatMap((section) => section.questions)
    .map((q) => ({ id: q.id, options: q.optionsToQuestions.filter((o) => !o.flagged && !o.isFreeText) }))
    .filter((q) => q.options.length > 0);
  const outbox = db.transaction("outbox", "readwrite").objectStore("outbox");
  const start = Date.now();
  for (let i = 0; i < ${count}; i++) {
    const answers = questions.map((q) => ({
      questionId: q.id, countyCode: station.countyCode, pollingStationNumber: station.pollingStationNumber,
      options: [{ optionId: q.options[i % q.options.length].idOption }],
    }));
    outbox.put({
      id: crypto.randomUUID(), seq: start + i, roundId: round.id, dedupeKey: "answers:" + station.id + ":" + form.id + ":" + i,
      urgent: false, state: "queued", attempts: 0, createdAt: new Date(start + i).toISOString(), sentAt: null, refusal: null,
      summary: { station: { countyCode: station.countyCode, number: station.pollingStationNumber }, formCode: form.code, answerCount: answers.length },
      payload: { kind: "answers", body: { answers } },
    });
  }
  await new Promise((resolve, reject) => { outbox.transaction.oncomplete = resolve; outbox.transaction.onerror = () => reject(outbox.transaction.error); });
  db.close();
  return { station: station.countyCode + " " + station.pollingStationNumber, form: form.code, questions: questions.length };
})()`;

const READ_OUTBOX = `(async () => {
  const db = await ${OPEN_DB};
  const items = await ${done('db.transaction("outbox").objectStore("outbox").getAll()')};
  db.close();
  return items.map((item) => ({ state: item.state, attempts: item.attempts }));
})()`;

/**
 * The observer signed in, went offline, and queued `count` answer batches; the app is opened again, and the network
 * comes back at slow 3G: the time from then until the sync line says everything is sent.
 */
export async function outboxSyncOnce(browser: Browser, baseURL: string, count: number) {
  const context = await browser.newContext({ baseURL, locale: "en-US", reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/observer/");
  await page.getByLabel("Phone number").fill(OBSERVER.phone);
  await page.getByLabel("PIN").fill(OBSERVER.pin);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("region", { name: "Your assigned stations" }).waitFor();
  // The forms and the registry are on the phone: the app says it is ready offline.
  await page.locator('[data-offline-ready="true"]').waitFor({ timeout: 60_000 });
  await serviceWorkerInControl(page);

  const cdp = await throttle(context, page, {});
  await setNetwork(cdp, OFFLINE);
  const queued = await page.evaluate<{ station: string; form: string; questions: number }>(queueAnswerBatches(count));
  await page.reload();
  await page.locator('[data-sync-phase="offline"]').waitFor();

  const started = performance.now();
  await setNetwork(cdp, SLOW_3G);
  await page.locator('[data-sync-phase="allSent"]').waitFor({ timeout: 300_000 });
  const seconds = (performance.now() - started) / 1000;

  const items = await page.evaluate<{ state: string; attempts: number }[]>(READ_OUTBOX);
  const states: Record<string, number> = {};
  for (const item of items) states[item.state] = (states[item.state] ?? 0) + 1;
  await context.close();
  return { queued, result: { items: items.length, seconds, states, attempts: items.reduce((sum, item) => sum + item.attempts, 0) } };
}
