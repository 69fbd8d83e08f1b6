import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import { ApiError } from "../../src/api/problem";
import type { LoginError } from "../../src/features/session/login-error";
import {
  sessionMachine,
  type Account,
  type Authorization,
  type SessionEvent,
  type SessionInput,
} from "../../src/features/session/session.machine";
import { readClaims, TOKEN_STORAGE_KEY } from "../../src/features/session/token";
import { makeTestToken, organizerToken } from "../support/token.fixtures";
import { testEveryShortestPath, type ModelTestOptions } from "../support/model";
import { renderApp, type FakeFetch } from "../support/render";
import { appHeader } from "./pages/header.page";
import { loginPage } from "./pages/login.page";
import { createRequestQueue } from "../support/request-queue";

type ModelEvent =
  | SessionEvent
  | DoneActorEvent<Authorization, "authorize">
  | ErrorActorEvent<ApiError, "authorize">
  | DoneActorEvent<Account, "fetchAccount">
  | ErrorActorEvent<ApiError, "fetchAccount">;

function authorized(token: string): Authorization {
  const claims = readClaims(token);
  if (!claims) throw new Error("fixture token must be readable");
  return { token, claims };
}

/** A later token of the same account, as another tab gets it by signing in again. */
const renewedToken = makeTestToken({ sub: "admin.cfr", ngoId: 1, organizer: true, iat: 1_700_003_600, exp: 1_700_090_000 });

/** The server's answer to the token check: the NGO has stopped organizing since the token was issued. */
const currentAccount: Account = { user: "admin.cfr", role: "ngoAdmin", ngoId: 1, ngoName: "Code for Romania", organizer: false };

const events: ModelEvent[] = [
  { type: "login.submit", user: "admin.cfr", password: "secret" },
  { type: "xstate.done.actor.authorize", actorId: "authorize", output: authorized(organizerToken) },
  ...[
    new ApiError({ status: 401, title: "Invalid credentials" }),
    new ApiError({ status: 429, title: "Too many requests", retryAfterSeconds: 30 }),
    new ApiError({ status: 0, title: "Network error" }),
  ].map((error): ModelEvent => ({ type: "xstate.error.actor.authorize", actorId: "authorize", error })),
  { type: "xstate.done.actor.fetchAccount", actorId: "fetchAccount", output: currentAccount },
  {
    type: "xstate.error.actor.fetchAccount",
    actorId: "fetchAccount",
    error: new ApiError({ status: 503, title: "Service unavailable" }),
  },
  { type: "session.logout" },
  { type: "session.unauthorized" },
  { type: "storage.changed", token: null },
  { type: "storage.changed", token: renewedToken },
];

const expectedLoginErrors: Record<LoginError["code"], string> = {
  credentials_invalid: "Invalid credentials",
  rate_limited: "Too many attempts, try again in 30 s.",
  network: "Cannot reach the server. Check your connection and try again.",
  token_invalid: "(not reached by this model)",
  unexpected: "(not reached by this model)",
};

function problemResponse(status: number, code: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ type: `urn:problem:${code}`, title: code, status, code }), {
    status,
    headers: { "Content-Type": "application/problem+json", ...headers },
  });
}

/** Plays the API: sign-ins and token checks wait for the test; any other call finds the token refused. */
function createFakeServer() {
  const logins = createRequestQueue();
  const accountChecks = createRequestQueue();
  const fetch: FakeFetch = (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/api/v2/access/authorize") return logins.receive(request);
    if (path === "/api/v2/access/me") return accountChecks.receive(request);
    return Promise.resolve(problemResponse(401, "unauthorized"));
  };
  return { fetch, logins, accountChecks };
}

/** Another browser tab sharing local storage: the browser tells this tab through a "storage" event. */
function writeTokenInAnotherTab(token: string | null) {
  if (token === null) localStorage.removeItem(TOKEN_STORAGE_KEY);
  else localStorage.setItem(TOKEN_STORAGE_KEY, token);
  window.dispatchEvent(new StorageEvent("storage", { key: TOKEN_STORAGE_KEY, newValue: token, storageArea: localStorage }));
}

function setUp(input: SessionInput | undefined) {
  const server = createFakeServer();
  const app = renderApp({ path: "/", storedToken: input?.storedToken ?? null, fetch: server.fetch });
  return { app, server, login: loginPage(app.user), header: appHeader(app.user) };
}

type System = ReturnType<typeof setUp>;
type Options = ModelTestOptions<typeof sessionMachine, ModelEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "login.submit": async ({ login, server }, { user, password }) => {
    const requestsBefore = server.logins.receivedCount();
    await login.fillCredentials(user, password);
    await login.clickLogin();
    await waitFor(() => expect(server.logins.receivedCount()).toBe(requestsBefore + 1));
  },
  "xstate.done.actor.authorize": ({ server }, { output }) => {
    server.logins.answer(Response.json({ access_token: output.token, expires_in: 86400 }));
  },
  "xstate.error.actor.authorize": ({ server }, { error }) => {
    if (error.status === 401) server.logins.answer(problemResponse(401, "credentials_invalid"));
    else if (error.status === 429) server.logins.answer(problemResponse(429, "rate_limited", { "Retry-After": "30" }));
    else server.logins.fail(new TypeError("Failed to fetch"));
  },
  "xstate.done.actor.fetchAccount": ({ server }, { output }) => server.accountChecks.answer(Response.json(output)),
  "xstate.error.actor.fetchAccount": ({ server }, { error }) =>
    server.accountChecks.answer(problemResponse(error.status, "unavailable")),
  "session.logout": ({ header }) => header.clickLogout(),
  "session.unauthorized": async ({ app, server }) => {
    // the pending token check is refused if there is one, else the next call carrying the token
    if (server.accountChecks.activeCount() > 0) return server.accountChecks.answer(problemResponse(401, "unauthorized"));
    const { response } = await app.api.GET("/api/v1/ngo");
    expect(response.status).toBe(401);
  },
  "storage.changed": (_, { token }) => writeTokenInAnotherTab(token),
};

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const stateAssertions: Record<string, (system: System, snapshot: SessionSnapshot) => unknown> = {
  loggedOut: ({ server }) => {
    expect(server.accountChecks.activeCount()).toBe(0);
  },
  "loggedOut.idle": async ({ app, login, server }) => {
    await login.seeLoginForm();
    login.seeNoLoginError();
    expect(app.currentPath()).toBe("/login");
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(server.logins.activeCount()).toBe(0);
  },
  "loggedOut.authenticating": async ({ login, server }) => {
    await login.seeLoginBusy();
    // exactly one request in flight: a new attempt has cancelled the previous one
    expect(server.logins.activeCount()).toBe(1);
  },
  "loggedOut.failed": async ({ app, login, server }, snapshot) => {
    const code = snapshot.context.loginError?.code;
    if (!code) throw new Error("the model's failed state carries an error code");
    await login.seeLoginError(expectedLoginErrors[code]);
    expect(app.currentPath()).toBe("/login");
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(server.logins.activeCount()).toBe(0);
  },
  loggedIn: async ({ app, header, server }, snapshot) => {
    const { account, claims, token } = snapshot.context;
    await header.seeSignedInAs(account?.user ?? claims?.sub ?? "(no account in the model)");
    await header.seeNgosLink(account ? account.organizer : claims?.organizer === true);
    expect(app.currentPath()).toBe("/urgents");
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(server.logins.activeCount()).toBe(0);
  },
  "loggedIn.verifying": ({ server }) => {
    expect(server.accountChecks.activeCount()).toBe(1);
  },
  "loggedIn.verified": ({ server }) => {
    expect(server.accountChecks.activeCount()).toBe(0);
  },
  "loggedIn.unverified": ({ server }) => {
    expect(server.accountChecks.activeCount()).toBe(0);
  },
};

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case "xstate.done.actor.authorize":
      return "authorize succeeds";
    case "xstate.error.actor.authorize":
      return `authorize fails (${event.error.status})`;
    case "xstate.done.actor.fetchAccount":
      return "token check passes";
    case "xstate.error.actor.fetchAccount":
      return `token check fails (${event.error.status})`;
    case "storage.changed":
      return event.token ? "another tab signs in" : "another tab signs out";
    default:
      return event.type;
  }
}

const startingPoints: [string, SessionInput][] = [
  ["with nothing stored", { storedToken: null }],
  ["with a token stored by an earlier visit", { storedToken: organizerToken }],
  ["with a malformed token stored", { storedToken: "not-a-jwt" }],
];

describe.each(startingPoints)(`${sessionMachine.id} model, starting %s`, (_, input) => {
  const paths = testEveryShortestPath({
    machine: sessionMachine,
    input,
    events,
    setUp,
    eventExecutors,
    stateAssertions,
    describeEvent,
  });

  it("covers every state of the session, each login error included", () => {
    const reached = paths.map(({ state }) => `${JSON.stringify(state.value)} ${state.context.loginError?.code ?? ""}`);
    expect(new Set(reached)).toEqual(
      new Set([
        '{"loggedOut":"idle"} ',
        '{"loggedOut":"authenticating"} ',
        '{"loggedOut":"failed"} credentials_invalid',
        '{"loggedOut":"failed"} rate_limited',
        '{"loggedOut":"failed"} network',
        '{"loggedIn":"verifying"} ',
        '{"loggedIn":"verified"} ',
        '{"loggedIn":"unverified"} ',
      ]),
    );
  });
});
