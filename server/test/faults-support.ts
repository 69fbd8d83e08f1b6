import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/** A fresh database on the test cluster, dropped (with whatever still holds it) by `drop`. */
export async function createFreshDatabase(adminUrl: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `faults_${randomBytes(6).toString("hex")}`;
  const onPostgres = async (statement: string) => {
    const admin = new pg.Client({ connectionString: `${adminUrl}/postgres` });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onPostgres(`CREATE DATABASE ${name}`);
  return { url: `${adminUrl}/${name}`, name, drop: () => onPostgres(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export interface ServerProcess {
  url: string;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, no transaction in flight gets its COMMIT. */
  kill(): Promise<void>;
  /** SIGTERM: the server's own orderly shutdown. */
  stop(): Promise<void>;
}

/** Starts the real server (`node --import tsx server/src/main.ts`) as a child process and waits until it listens. */
export async function startServerProcess(databaseUrl: string, { seed }: { seed: boolean }): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), "vm-faults-"));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SEED: String(seed),
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, "no-spa"),
      TOKEN_SECRET: "faults-tests-token-secret-0123456789",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`:${port} (`)) resolve();
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`the server exited before listening:\n${output}`)));
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${port}`, output: () => output, kill: () => end("SIGKILL"), stop: () => end("SIGTERM") };
}

/** Polls `probe` until it returns a value (not undefined), or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The server's backends (other than `self`) stuck behind a lock in `database` whose statement matches `statement`
 * (ILIKE) and which, when `wrote` is given, already hold a write lock on that table: proof that the transaction is
 * under way and has written rows. `client` must not be in a transaction: pg_stat_activity is a snapshot taken once
 * per transaction.
 */
export async function blockedBackends(
  client: pg.Client,
  database: string,
  statement: string,
  wrote?: string,
): Promise<number[] | undefined> {
  const { rows } = await client.query<{ pid: number }>(
    `SELECT a.pid FROM pg_stat_activity a
      WHERE a.datname = $1 AND a.pid <> pg_backend_pid() AND a.wait_event_type = 'Lock' AND a.query ILIKE $2
        AND ($3::text IS NULL OR EXISTS (
          SELECT 1 FROM pg_locks l WHERE l.pid = a.pid AND l.granted AND l.mode = 'RowExclusiveLock' AND l.relation = $3::regclass))`,
    [database, statement, wrote ?? null],
  );
  return rows.length > 0 ? rows.map((row) => row.pid) : undefined;
}

/** Signs in through the API and answers the bearer token. */
export async function signIn(baseUrl: string, path: "/api/v2/access/authorize" | "/api/v2/access/observer", body: object): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
