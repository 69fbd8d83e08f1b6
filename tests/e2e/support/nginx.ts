import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./server-process.ts";

export const nginxBinary = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

export function hasNginx(): boolean {
  return existsSync(nginxBinary);
}

export interface RunningNginx {
  url: string;
  /** One line per finished request: `<upstream address> <status> <method> <path>` (streams log when they end). */
  accessLog(): AccessLogLine[];
  stop(): Promise<void>;
}

export interface AccessLogLine {
  upstream: string;
  status: number;
  method: string;
  path: string;
}

/**
 * The configuration a deployment would use in front of several instances (README, "Several instances behind nginx"),
 * made to run unprivileged in `dir`: in the foreground, with its pid, logs and temp files there.
 */
function configuration(dir: string, port: number, upstreams: string[]): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `${kind}_temp_path ${join(dir, kind)};`);
  // As root nginx would hand its workers to `nobody`, who cannot enter the private temp directory.
  const user = process.getuid?.() === 0 ? "user root;" : "";
  return `
daemon off;
${user}
worker_processes 1;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
events { worker_connections 256; }
http {
  ${temp.join("\n  ")}
  log_format upstreams '$upstream_addr $status $request_method $request_uri';
  access_log ${join(dir, "access.log")} upstreams;

  upstream vote_monitor {
    ${upstreams.map((address) => `server ${address};`).join("\n    ")}
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${port};
    client_max_body_size 60m; # above the server's own limits (a note with photos: 52 MiB), which answer with a problem body

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;

    location / {
      proxy_pass http://vote_monitor;
    }

    # Server-sent events: pass each event on at once, and keep an idle stream open (the server writes every 15 s).
    location /api/v1/live {
      proxy_pass http://vote_monitor;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

/** Starts Debian's nginx on a free loopback port, balancing round-robin over `upstreams` (`host:port`). */
export async function startNginx(upstreams: string[]): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), "vm-nginx-"));
  const port = await freePort();
  const file = join(dir, "nginx.conf");
  writeFileSync(file, configuration(dir, port, upstreams));
  const args = ["-c", file, "-p", dir, "-e", join(dir, "error.log")];
  const checked = spawnSync(nginxBinary, [...args, "-t"], { encoding: "utf8" });
  if (checked.status !== 0) throw new Error(`nginx rejected its configuration:\n${checked.stderr}`);

  const child = spawn(nginxBinary, args, { stdio: ["ignore", "ignore", "pipe"] });
  let exited = false;
  child.once("exit", () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  await untilAnswering(url, () => (exited ? readLog(join(dir, "error.log")) : null));

  return {
    url,
    accessLog: () =>
      readLog(join(dir, "access.log"))
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [upstream = "", status = "", method = "", path = ""] = line.split(" ");
          return { upstream, status: Number(status), method, path };
        }),
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM"); // fast shutdown: a graceful one would wait for open event streams
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const readLog = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "");

/** nginx says nothing when it is ready: ask it until it answers, or give up when it exits or 10 s pass. */
async function untilAnswering(url: string, failure: () => string | null) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const died = failure();
    if (died !== null) throw new Error(`nginx exited:\n${died}`);
    try {
      await fetch(`${url}/api/health`);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
