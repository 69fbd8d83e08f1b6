import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../tests/e2e/support/server-process.ts";

export interface MeasuredServer {
  url: string;
  /** The server process's resident memory now, in bytes (from /proc). */
  rss(): number;
  stop(): Promise<void>;
}

/**
 * The real server in a process of its own on the bench's PostgreSQL (no seeding), so that its memory can be read
 * on its own: node runs main.ts itself (tsx as a loader), hence the child's pid is the server's.
 */
export async function startMeasuredServer(databaseUrl: string): Promise<MeasuredServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-answers-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
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
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
