import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "../../openapi/schema.d.ts";
import { ROUND_SCOPED_OPERATIONS } from "./round-scoped";

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";

export interface ApiClientOptions {
  /** "" means same origin as the SPA. */
  baseUrl: string;
  fetch?: (request: Request) => Promise<Response>;
  getToken: () => string | null;
  /** Called when a call that carried a token is answered 401. */
  onUnauthorized: () => void;
  /** The election round chosen in this tab; null: the server's current round. */
  getRoundId?: () => number | null;
  readCookie?: (name: string) => string | null;
}

export function readDocumentCookie(name: string): string | null {
  for (const pair of document.cookie.split(";")) {
    const [key, ...value] = pair.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return null;
}

function isSameOrigin(url: string): boolean {
  return new URL(url, globalThis.location.href).origin === globalThis.location.origin;
}

function createSessionMiddleware(options: ApiClientOptions): Middleware {
  const readCookie = options.readCookie ?? readDocumentCookie;
  return {
    onRequest({ request }) {
      const token = options.getToken();
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
      // The XSRF cookie belongs to the SPA's origin: never hand it to another host.
      if (request.method !== "GET" && request.method !== "HEAD" && isSameOrigin(request.url)) {
        const xsrfToken = readCookie(XSRF_COOKIE);
        if (xsrfToken) request.headers.set(XSRF_HEADER, xsrfToken);
      }
      return request;
    },
    onResponse({ request, response }) {
      if (response.status === 401 && request.headers.has("Authorization")) options.onUnauthorized();
      return response;
    },
  };
}

/**
 * Names the chosen election round on every call that works on one round (the contract's `x-round: scoped`), unless
 * the call names one itself; the others take no round, and would refuse a parameter they do not declare.
 */
function createRoundMiddleware(getRoundId: () => number | null): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      const roundId = getRoundId();
      if (roundId === null || !ROUND_SCOPED_OPERATIONS.has(`${request.method} ${schemaPath}`)) return request;
      const url = new URL(request.url);
      if (url.searchParams.has("electionRoundId")) return request;
      url.searchParams.set("electionRoundId", String(roundId));
      // A request's URL cannot change: a copy, with its body read out (a stream body would need `duplex` to be copied).
      const body = request.body === null ? null : await request.arrayBuffer();
      const { method, headers, signal, credentials, mode, cache, redirect, referrerPolicy, keepalive } = request;
      return new Request(url, { method, headers, body, signal, credentials, mode, cache, redirect, referrerPolicy, keepalive });
    },
  };
}

/** The typed client for openapi/openapi.yaml. It never navigates or notifies: callers react to errors. */
export function createApiClient(options: ApiClientOptions) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(createSessionMiddleware(options));
  if (options.getRoundId) client.use(createRoundMiddleware(options.getRoundId));
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;
