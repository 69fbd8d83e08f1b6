import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { createApp } from "./app.ts";
import { PASSWORD_COST } from "./auth/password.ts";
import { createSignInThrottle } from "./auth/sign-in-throttle.ts";
import { readConfig, type ServerConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { lockDataDirectory } from "./db/lock.ts";
import { migrate } from "./db/migrate.ts";
import { DEMO_ACCOUNTS } from "./demo/accounts.ts";
import { seedDemoData } from "./demo/seed.ts";
import { createDirectoryFileStore, type FileStore } from "./files/file-store.ts";
import { createS3FileStore } from "./files/s3-file-store.ts";
import { listen } from "./http/listen.ts";
import { createLiveHub } from "./live/hub.ts";
import { createLiveRetention } from "./live/retention.ts";
import { createObserverKeyRetention } from "./observer-idempotency-retention.ts";
import { createClaimSweeper } from "./reports/triage/claim-sweeper.ts";
import { createFanOut } from "./notifications/fan-out.ts";
import { firebaseMessaging, firebaseProvider } from "./notifications/firebase.ts";
import { outboxProvider } from "./notifications/provider.ts";
import { storedVapidKeys } from "./notifications/vapid.ts";
import { webPushSender } from "./notifications/web-push.ts";

const EMBEDDED_OBSERVER_LIMIT = 5_000;

// Streams (exports above all) allocate much short-lived data; V8 lets such garbage reach up to 4 times the live
// heap before a full collection. A server that shares a small machine keeps its heap within 1.25 times what is live,
// for a little more collecting (an export of 200,000 answers: +90 MiB of memory instead of +200).
setFlagsFromString("--heap-growing-percent=25");

const config = readConfigOrExit();
const { files, filesWhere } = await openFileStore(config);
const embedded = config.databaseUrl.startsWith("pglite:");
const unlock = embedded ? lockOrExit(config.dataDir) : () => {};
const database = await openDatabase(config.databaseUrl);
await migrate(database);
const { seeded } = config.seed ? await seedDemoData(database, files, { passwordCost: PASSWORD_COST }) : { seeded: false };

const clock = () => new Date();
const pushProvider = config.firebase ? firebaseProvider(firebaseMessaging(config.firebase)) : outboxProvider;
const { webPush: webPushSettings } = config;
const webPush =
  webPushSettings.kind === "on"
    ? webPushSender({ keys: webPushSettings.keys ?? (await storedVapidKeys(database.db)), subject: webPushSettings.subject })
    : undefined;
const fanOut = createFanOut({ db: database.db, provider: pushProvider, webPush, clock });
fanOut.start();
// The hub reads each committed event on a connection of its own: in the pool's queue, behind an election day's answer
// batches, the staff's live events waited 8–14 s (npm run bench:scale, 2,000 observers submitting). PGlite has one.
const liveReads = embedded ? database : await openDatabase(config.databaseUrl, { poolSize: 1 });
const live = createLiveHub({ db: liveReads.db, listen: database.listen });
await live.start();
const liveRetention = createLiveRetention({ db: database.db, clock });
liveRetention.start();
const observerKeyRetention = createObserverKeyRetention({ db: database.db, clock });
observerKeyRetention.start();
// Claims whose holder's tab closed lapse within 2 minutes: the 90 s lease plus at most one sweep.
const claimSweeper = createClaimSweeper({ db: database.db, clock, intervalMs: 5_000 });
claimSweeper.start();

const app = createApp({
  db: database.db,
  engine: database.engine,
  files,
  clock,
  signInThrottle: createSignInThrottle(database.db),
  notifications: { provider: pushProvider, webPush, wake: fanOut.wake },
  live,
  config: {
    version: process.env.npm_package_version ?? "dev",
    staticDir: config.staticDir,
    trustedProxies: config.trustedProxies,
    publicUrl: config.publicUrl,
    passwordCost: PASSWORD_COST,
    token: { secret: config.tokenSecret, issuer: "vote-monitor", audience: "vote-monitor-back-office", ttlSeconds: config.tokenTtlSeconds },
  },
});

const { server, address } = await listen(app, { hostname: config.host, port: config.port });
const url = `http://${address.address}:${address.port}`;
console.log(`Vote Monitor back-office on ${url} (${database.engine}${seeded ? ", demo data seeded" : ""})`);
console.log(
  pushProvider.name === "firebase"
    ? "Notifications are pushed through Firebase Cloud Messaging."
    : "No push provider configured (FIREBASE_SERVICE_ACCOUNT): notifications are recorded, not pushed.",
);
console.log(
  webPushSettings.kind === "off"
    ? "Web Push is off (WEB_PUSH=off): the observers' web app is not pushed to."
    : `Web Push to the observers' web app is on, signed with the VAPID key ${webPushSettings.keys ? "of VAPID_PUBLIC_KEY" : "kept in the database"} (contact ${webPushSettings.subject}).`,
);
console.log(`Attachments are stored ${filesWhere}.`);
if (!config.staticDir) console.log("No built SPA in dist/: the API is served alone (run `npm run build`).");
if (embedded) await adviseOnEmbeddedSize();
if (config.seed) {
  console.log("Demo accounts:");
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.user} / ${account.password}  ${account.description}`);
} else if (!(await database.db.selectFrom("ngoAdmin").select("id").limit(1).executeTakeFirst())) {
  console.log("No admin account yet: create the first organizer with `npm run admin:create` (see README).");
}

async function shutdown() {
  server.close();
  // Ends the open event streams, which would otherwise hold server.close() open; clients reconnect elsewhere.
  await live.stop();
  await liveRetention.stop();
  await observerKeyRetention.stop();
  await claimSweeper.stop();
  // A batch in flight finishes and records its outcomes; queued recipients wait for the next start.
  await fanOut.stop();
  if (liveReads !== database) await liveReads.close();
  await database.close();
  unlock();
  process.exit(0);
}
process.once("SIGINT", () => void shutdown());
process.once("SIGTERM", () => void shutdown());

/** The embedded database runs every query on this process's one thread: say plainly when it is time for PostgreSQL. */
async function adviseOnEmbeddedSize() {
  const { count } = await database.db.selectFrom("observer").select((eb) => eb.fn.countAll<number>().as("count")).where("deletedAt", "is", null).executeTakeFirstOrThrow();
  const advice = `the embedded database serves about 50 observer-list requests/s at 20,000 observers (see README); set DATABASE_URL to PostgreSQL`;
  if (Number(count) > EMBEDDED_OBSERVER_LIMIT) console.warn(`Warning: ${count} observers: ${advice} for this size.`);
  else console.log(`Embedded database (demos and small teams, up to ${EMBEDDED_OBSERVER_LIMIT} observers); for election day ${advice}.`);
}

/** A wrong or partial configuration stops the server with its one-line reason, not a stack trace. */
function readConfigOrExit(): ServerConfig {
  try {
    return readConfig();
  } catch (error) {
    console.error(`Configuration error: ${(error as Error).message}`);
    process.exit(1);
  }
}

/** S3-compatible storage when configured (its bucket checked now rather than at the first photo), else DATA_DIR/files. */
async function openFileStore({ s3, dataDir }: ServerConfig): Promise<{ files: FileStore; filesWhere: string }> {
  if (!s3) {
    const directory = join(dataDir, "files");
    return { files: createDirectoryFileStore(directory), filesWhere: `in the local directory ${directory}` };
  }
  const store = createS3FileStore(s3);
  try {
    await store.check();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  return { files: store, filesWhere: `in the S3 bucket "${s3.bucket}" at ${s3.endpoint ?? `AWS (${s3.region})`}` };
}

function lockOrExit(directory: string): () => void {
  try {
    return lockDataDirectory(directory);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
