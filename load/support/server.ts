// The server under load: server/src/main.ts in a process of its own on a given database, its memory and CPU read
// from /proc. Started by bench:answers, bench:live, bench:scale, bench:statistics and the soak.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../tests/e2e/support/server-process.ts";

/** Linux's USER_HZ, the unit of /proc's CPU times, on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

export interface MeasuredServer {
  url: string;
  /** The server process's resident memory now, in bytes (from /proc). */
  rss(): number;
  /** The CPU time the server process has used so far, in seconds (user and system, from /proc). */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/**
 * The real server in a process of its own on the bench's PostgreSQL (no seeding), so that its memory can be read
 * on its own: node runs main.ts itself (tsx as a loader), hence the child's pid is the server's. `nodeArgs` go to that
 * node (`--inspect=…` for a bench that reads the heap).
 */
export async function startMeasuredServer(databaseUrl: string, { nodeArgs = [] }: { nodeArgs?: string[] } = {}): Promise<MeasuredServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-answers-"));
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server/src/main.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED: "false", TOKEN_SECRET: "bench-answers-token-secret-0123456789" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`:${port} (`)) resolve();
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    rss() {
      const kilobytes = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1];
      return Number(kilobytes) * 1024;
    },
    cpuSeconds() {
      // Fields 14 and 15 of /proc/<pid>/stat, counted after the command name, which sits in parentheses.
      const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
