import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const postgresBinDir = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export function hasPostgres(): boolean {
  return existsSync(join(postgresBinDir, "initdb"));
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

/** initdb and pg_ctl refuse to run as root: run them as the postgres user then. */
export function runAsOwner(command: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
}

export interface PostgresCluster {
  /** Connection URL without a database name, as the postgres superuser (trust auth on loopback). */
  url: string;
  stop(): void;
}

/** A throwaway PostgreSQL 15 cluster on a free loopback port, durability off (tests and benchmarks only). */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const root = mkdtempSync(join(tmpdir(), "pg-test-"));
  if (process.getuid?.() === 0) {
    const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"]).toString());
    chownSync(root, id("-u"), id("-g"));
  }
  const dataDir = join(root, "data");
  const port = await freePort();
  runAsOwner(join(postgresBinDir, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  runAsOwner(join(postgresBinDir, "pg_ctl"), [
    "-D", dataDir, "-l", join(root, "log"), "-w",
    "-o", `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    stop() {
      runAsOwner(join(postgresBinDir, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
