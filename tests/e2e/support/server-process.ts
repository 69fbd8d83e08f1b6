import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL), as a crash would: no graceful shutdown, open requests cut. */
  kill(): Promise<void>;
}

/** Where a server listens and keeps its files: given, a killed server can be started again at the same address. */
export interface ServerPlace {
  port?: number;
  /** A data directory the caller owns: it is kept when the server stops. */
  dataDir?: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Known to the browser tests, so that they can forge expired tokens signed with the real key. */
export const E2E_TOKEN_SECRET = "browser-tests-token-secret-0123456789";

/** Starts the real server (embedded database, demo data) on a free port with a fresh data directory, or at `place`. */
export async function startServer(env: Record<string, string> = {}, place: ServerPlace = {}): Promise<RunningServer> {
  const ownsDataDir = place.dataDir === undefined;
  const dataDir = place.dataDir ?? mkdtempSync(join(tmpdir(), "vm-e2e-"));
  const port = place.port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: "dist", TOKEN_SECRET: E2E_TOKEN_SECRET, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`:${port} (`)) resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      await exited;
    }
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => end("SIGTERM"),
    kill: () => end("SIGKILL"),
  };
}
