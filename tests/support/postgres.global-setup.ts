import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, chownSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

const binDir = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

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
function runAsOwner(command: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
}

/** Starts a throwaway PostgreSQL 15 cluster for the server tests when its binaries are present. */
export default async function setup(project: TestProject) {
  if (!existsSync(join(binDir, "initdb"))) {
    if (process.env.REQUIRE_POSTGRES) throw new Error(`REQUIRE_POSTGRES is set but ${binDir}/initdb is missing`);
    console.warn(`PostgreSQL binaries not found in ${binDir}: server tests run on PGlite only.`);
    project.provide("postgresUrl", "");
    return;
  }
  const root = mkdtempSync(join(tmpdir(), "pg-test-"));
  if (process.getuid?.() === 0) chownSync(root, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
  const dataDir = join(root, "data");
  const port = await freePort();
  runAsOwner(join(binDir, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  runAsOwner(join(binDir, "pg_ctl"), [
    "-D", dataDir, "-l", join(root, "log"), "-w",
    "-o", `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    "start",
  ]);
  project.provide("postgresUrl", `postgres://postgres@127.0.0.1:${port}`);
  return () => {
    runAsOwner(join(binDir, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    rmSync(root, { recursive: true, force: true });
  };
}
