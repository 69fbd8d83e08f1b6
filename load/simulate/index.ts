// Plays observers against a running server through the public API only, as the mobile app would: sign in, arrive
// at a station of their county, answer the published forms (some answers flagged), send notes with photos, leave.
// It brings the demo to life and is the load generator for benchmarks.
//
//   npm run simulate -- [--url http://127.0.0.1:8080] [--observers 20] [--rate 10] [--duration 60] [--admin user:password] [--app 3]
//
// --observers  how many observers play at once (default 20)
// --rate       actions (API requests) per second over all observers (default 10; 0 = as fast as the server answers)
// --duration   seconds to run, observers visiting one station after another; without it each observer visits one
//              station and the run ends when all are done
// --admin      an admin's sign-in: the observers are created through the API (phones 0799xxxxxx, reused on later
//              runs); without it the demo seed's observers sign in (their PINs follow from the seed's plan), which
//              is what `npm start` on a fresh data directory has
// --app        how many more observers play in the real observers' app in headless Chromium (default 0): each signs
//              in there, visits one station, loses the network for a while and waits until its outbox is sent
// Ctrl+C stops cleanly: no new request starts, the totals are printed.
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { ApiError, createApi, createGate, createPacer, emptyTally, expectOk, type Api, type Tally } from "../support/api.ts";
import { adminCreatedObservers, adminToken, demoObservers, type Credentials } from "./credentials.ts";
import { countyOf, loadCatalogue, visitStation, type Catalogue } from "../support/observer-visit.ts";
import { emptyAppTally, startAppObservers } from "./app-observer.ts";

const { values: options } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:8080" },
    observers: { type: "string", default: "20" },
    rate: { type: "string", default: "10" },
    duration: { type: "string" },
    admin: { type: "string" },
    app: { type: "string", default: "0" },
  },
});
const baseUrl = options.url.replace(/\/$/, "");
const observerCount = positiveInteger("--observers", options.observers);
const rate = Number(options.rate) > 0 ? Number(options.rate) : Infinity;
const durationSeconds = options.duration === undefined ? undefined : positiveInteger("--duration", options.duration);
const appObserverCount = options.app === "0" ? 0 : positiveInteger("--app", options.app);
const appTally = emptyAppTally();
const PROGRESS_EVERY_MS = 3000;
const ERROR_PAUSE_MS = 1000;
const SIGN_IN_RETRIES = 20;
const SIGN_INS_AT_ONCE = 8;

function positiveInteger(name: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer, got ${value}`);
  return parsed;
}

const stop = new AbortController();
const tally = emptyTally();
const pace = createPacer(rate, stop.signal);
const signInGate = createGate(SIGN_INS_AT_ONCE);
const stopping = () => stop.signal.aborted;
const started = performance.now();

process.on("SIGINT", () => {
  if (stopping()) process.exit(130);
  console.log("\nStopping (Ctrl+C again to quit at once)…");
  stop.abort();
});
if (durationSeconds !== undefined) setTimeout(() => stop.abort(), durationSeconds * 1000).unref();

function describe(t: Tally): string {
  const seconds = (performance.now() - started) / 1000;
  const app = appObserverCount === 0 ? "" : `\n       in the app: signed in ${appTally.signedIn}/${appObserverCount}  arrivals ${appTally.arrivals}  forms ${appTally.answers}  ` +
    `notes ${appTally.notes}  offline spells ${appTally.offlineSpells}  items sent ${appTally.itemsSent}`;
  return `${seconds.toFixed(0).padStart(4)} s  active ${t.active}  signed in ${t.signedIn}  arrivals ${t.arrivals}  answers ${t.answers} ` +
    `(${t.flagged} flagged)  notes ${t.notes} (${t.photos} photos)  departures ${t.departures}  ` +
    `requests ${t.requests} (${(t.requests / Math.max(seconds, 0.001)).toFixed(1)}/s)  errors ${t.errors}${app}`;
}

function recordError(error: unknown) {
  if (stopping() && !(error instanceof ApiError)) return; // an aborted request is how stopping looks
  tally.errors++;
  tally.lastError = error instanceof Error ? error.message : String(error);
}

/** Signs in, then visits stations until there is nothing left to do (one visit) or time is up. */
async function playObserver(credentials: Credentials, index: number, catalogue: (api: Api) => Promise<Catalogue>) {
  tally.active++;
  try {
    const anonymous = createApi(baseUrl, undefined, { pace, tally, signal: stop.signal, retries: SIGN_IN_RETRIES });
    const body = { ...credentials, channelName: "Firebase" };
    const token = expectOk("authorizeObserver", await signInGate(() => anonymous.POST("/api/v2/access/observer", { body }))).access_token;
    tally.signedIn++;
    const api = createApi(baseUrl, token, { pace, tally, signal: stop.signal });
    const shared = await catalogue(api);
    const county = countyOf(shared, index);
    do {
      try {
        await visitStation(api, shared, county, tally, stopping);
      } catch (error) {
        recordError(error);
        // A server that refuses every visit must not be hammered in a tight loop.
        await sleep(ERROR_PAUSE_MS, undefined, { signal: stop.signal }).catch(() => undefined);
      }
    } while (durationSeconds !== undefined && !stopping());
  } catch (error) {
    recordError(error);
  } finally {
    tally.active--;
  }
}

/** The first observer to ask loads the counties and forms with its token; the others wait for that one load. */
function sharedCatalogue() {
  let loading: Promise<Catalogue> | undefined;
  return (api: Api) => (loading ??= loadCatalogue(api));
}

/** The app observers, in one headless Chromium, after the API observers' catalogue is known (for their counties). */
async function playAppObservers(credentials: Credentials[], catalogue: (api: Api) => Promise<Catalogue>) {
  if (credentials.length === 0) return;
  const anonymous = createApi(baseUrl, undefined, { pace, tally, signal: stop.signal, retries: SIGN_IN_RETRIES });
  const token = expectOk("authorizeObserver", await anonymous.POST("/api/v2/access/observer", { body: { ...credentials[0], channelName: "Firebase" } })).access_token;
  const shared = await catalogue(createApi(baseUrl, token, { pace, tally, signal: stop.signal }));
  const app = await startAppObservers(baseUrl, appTally);
  try {
    await Promise.all(
      credentials.map((observer, index) =>
        app.play(observer, countyOf(shared, observerCount + index), index).catch((error: unknown) => recordError(error)),
      ),
    );
  } finally {
    await app.close();
  }
}

async function credentialsToUse(): Promise<Credentials[]> {
  if (!options.admin) return demoObservers(observerCount + appObserverCount);
  const api = createApi(baseUrl, undefined, { pace, tally, signal: stop.signal, retries: SIGN_IN_RETRIES });
  const token = await adminToken(api, options.admin);
  return adminCreatedObservers(createApi(baseUrl, token, { pace, tally, signal: stop.signal }), observerCount + appObserverCount);
}

console.log(`Simulating ${observerCount} observers against ${baseUrl} at ${Number.isFinite(rate) ? `${rate} actions/s` : "full speed"}` +
  `${durationSeconds ? ` for ${durationSeconds} s` : ", one station each"}.`);
const progress = setInterval(() => {
  console.log(describe(tally));
  if (tally.lastError) console.log(`       last error: ${tally.lastError}`);
  tally.lastError = undefined;
}, PROGRESS_EVERY_MS);
try {
  const everyone = await credentialsToUse();
  const catalogue = sharedCatalogue();
  const apiObservers = everyone.slice(0, observerCount).map((credentials, index) => playObserver(credentials, index, catalogue));
  await Promise.all([...apiObservers, playAppObservers(everyone.slice(observerCount), catalogue)]);
} catch (error) {
  recordError(error);
} finally {
  clearInterval(progress);
}
console.log(`Done. ${describe(tally)}`);
if (tally.lastError) console.log(`  last error: ${tally.lastError}`);
process.exitCode = tally.signedIn + appTally.signedIn === 0 || appTally.itemsSent < appTally.arrivals ? 1 : 0;
