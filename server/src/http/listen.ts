import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import { problem } from "../problem.ts";

/**
 * Node's HTTP parser refuses an over-long URL or header block (over 16 kB), or a malformed request, before the app
 * sees it, and answers with an empty body. Such clients get a problem like any other bad input instead.
 */
function answerClientErrors(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === "HPE_HEADER_OVERFLOW" || error.code === "HPE_URI_TOO_LONG";
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify(
      problem(status, tooLarge ? "headers_too_large" : "bad_request", tooLarge ? "The URL or the headers exceed 16 kB." : "The request is not valid HTTP."),
    );
    const reason = tooLarge ? "Request Header Fields Too Large" : "Bad Request";
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `cache-control: no-store\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * How long an idle keep-alive connection stays open. A client that sends on a connection the server is closing gets
 * a reset, and a POST (an observer's answers) cannot be retried blindly: the server must be the last to close, so
 * it outlasts the idle time of what sits in front of it (nginx's upstream keepalive_timeout and common load
 * balancers: 60 s). Node's 5 s default loses that race under load; clients that read the Keep-Alive hint (undici)
 * close a second before the time it announces.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Serves the app over HTTP on the given address; resolves once it listens. */
export function listen(app: Hono, { hostname, port }: { hostname: string; port: number }): Promise<{ server: Server; address: AddressInfo }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname, port }, (address) => resolve({ server, address })) as Server;
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    answerClientErrors(server);
  });
}
