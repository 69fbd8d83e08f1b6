import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";
import { freePort } from "../../tests/e2e/support/server-process.ts";
import { hasPostgres, postgresBinDir, runAsOwner } from "../../tests/support/postgres-cluster.ts";

/*
 * Where the election-day dataset lives. DATABASE_URL when set, and then only a postgres:// (or postgresql://) URL:
 * the dataset is PostgreSQL's, PGlite would take hours over it. Otherwise a PostgreSQL 15 cluster of its own in
 * .data/scale/pg, kept between runs (seed:scale resumes in it, bench:scale reuses it, a fresh checkout starts one),
 * started for the command and stopped after it unless it was already running. Attachments go to DATA_DIR/files,
 * DATA_DIR being .data/scale unless set: a server serving this dataset needs the same DATA_DIR.
 *
 * The cluster keeps PostgreSQL's durability (fsync, synchronous commit: the ingestion figures are a real server's),
 * with room for a bulk load (max_wal_size) and the commit timestamps the live-delay figure reads.
 */

export interface ScaleDatabase {
  url: string;
  /** DATA_DIR: the attachments are in its files/ folder. */
  dataDir: string;
  /** What the figures ran on, for the report. */
  description: string;
  /** Whether this is the cluster kept in .data/scale (not DATABASE_URL's database). */
  kept: boolean;
  stop(): void;
}

const CLUSTER_SETTINGS = [
  "shared_buffers=1GB",
  "max_wal_size=8GB",
  "checkpoint_timeout=15min",
  "track_commit_timestamp=on",
  "max_connections=200",
];

export async function openScaleDatabase(): Promise<ScaleDatabase> {
  const dataDir = resolve(process.env.DATA_DIR ?? ".data/scale");
  const given = process.env.DATABASE_URL;
  if (given) {
    if (!/^postgres(ql)?:\/\//.test(given)) throw new Error(`DATABASE_URL must be a postgres:// URL for the election-day dataset, not ${given.split(":")[0]}:`);
    return { url: given, dataDir, description: `the database of DATABASE_URL`, kept: false, stop: () => {} };
  }
  if (!hasPostgres()) throw new Error(`PostgreSQL 15 is not installed in ${postgresBinDir} (apt-get install postgresql), and DATABASE_URL is not set.`);
  return startKeptCluster(dataDir);
}

async function startKeptCluster(dataDir: string): Promise<ScaleDatabase> {
  const root = resolve(".data/scale");
  const cluster = join(root, "pg");
  const pgCtl = join(postgresBinDir, "pg_ctl");
  ownedByPostgres(root);
  if (!existsSync(join(cluster, "PG_VERSION"))) {
    runAsOwner(join(postgresBinDir, "initdb"), ["-D", cluster, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  }
  const running = spawnSync(...ownerCommand(pgCtl, ["-D", cluster, "status"])).status === 0;
  let port: number;
  if (running) {
    // postmaster.pid's fourth line is the port the running cluster listens on.
    port = Number(readFileSync(join(cluster, "postmaster.pid"), "utf8").split("\n")[3]);
  } else {
    port = await freePort();
    const options = [`-p ${port}`, "-c listen_addresses=127.0.0.1", `-k ${root}`, ...CLUSTER_SETTINGS.map((setting) => `-c ${setting}`)];
    runAsOwner(pgCtl, ["-D", cluster, "-l", join(root, "pg.log"), "-w", "-t", "120", "-o", options.join(" "), "start"]);
  }
  const server = `postgres://postgres@127.0.0.1:${port}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'scale'");
    if (rowCount === 0) await admin.query("CREATE DATABASE scale");
  } finally {
    await admin.end();
  }
  return {
    url: `${server}/scale`,
    dataDir,
    description: `PostgreSQL 15 in ${cluster} (${running ? "already running" : "started"}; ${CLUSTER_SETTINGS.join(", ")})`,
    kept: true,
    stop() {
      // A cluster someone else started stays up for them.
      if (!running) runAsOwner(pgCtl, ["-D", cluster, "-m", "fast", "-w", "stop"]);
    },
  };
}

/** initdb and pg_ctl run as the postgres user when we are root (see runAsOwner): it must own the folder. */
function ownedByPostgres(directory: string) {
  mkdirSync(directory, { recursive: true });
  if (process.getuid?.() !== 0) return;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"]).toString());
  chownSync(directory, id("-u"), id("-g"));
}

function ownerCommand(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}
