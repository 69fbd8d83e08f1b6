import { serve } from "@hono/node-server";
import { join } from "node:path";
import { createApp } from "./app.ts";
import { createLoginThrottle } from "./auth/rate-limit.ts";
import { readConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { lockDataDirectory } from "./db/lock.ts";
import { migrate } from "./db/migrate.ts";
import { DEMO_ACCOUNTS } from "./db/demo-accounts.ts";
import { seedDemoData } from "./db/seed.ts";
import { createDirectoryFileStore } from "./files/file-store.ts";

const config = readConfig();
const embedded = config.databaseUrl.startsWith("pglite:");
const unlock = embedded ? lockOrExit(config.dataDir) : () => {};
const database = await openDatabase(config.databaseUrl);
await migrate(database);
const files = createDirectoryFileStore(join(config.dataDir, "files"));
const { seeded } = config.seed ? await seedDemoData(database, files) : { seeded: false };

const app = createApp({
  db: database.db,
  engine: database.engine,
  files,
  clock: () => new Date(),
  loginThrottle: createLoginThrottle(),
  config: {
    version: process.env.npm_package_version ?? "dev",
    staticDir: config.staticDir,
    token: { secret: config.tokenSecret, issuer: "vote-monitor", audience: "vote-monitor-back-office", ttlSeconds: config.tokenTtlSeconds },
  },
});

const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
  const url = `http://${info.address}:${info.port}`;
  console.log(`Vote Monitor back-office on ${url} (${database.engine}${seeded ? ", demo data seeded" : ""})`);
  if (!config.staticDir) console.log("No built SPA in dist/: the API is served alone (run `npm run build`).");
  console.log("Demo accounts:");
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.user} / ${account.password}  ${account.description}`);
});

async function shutdown() {
  server.close();
  await database.close();
  unlock();
  process.exit(0);
}
process.once("SIGINT", () => void shutdown());
process.once("SIGTERM", () => void shutdown());

function lockOrExit(directory: string): () => void {
  try {
    return lockDataDirectory(directory);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
