import { waitFor } from "@testing-library/react";
import { sql } from "kysely";
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
import { hashSecret } from "../../server/src/auth/password.ts";
import { withoutPrefixes } from "../support/maximal-paths";
import { followPath, shortestPaths, stepKinds, testPaths, type ModelPath, type ModelTestOptions } from "../support/model";
import { renderApp } from "../support/render-app";
import { answerRoutes } from "../../src/features/answers/answer.routes";
import { problem, startTestServer, TEST_NOW, tokenBeforeTests, type HeldRequests, type TestDb } from "../support/test-server";
import { eventually } from "../pages/locators";
import { appHeader } from "../pages/dom/header";
import { loginPage } from "../pages/dom/login";

/** The screens this test visits. */
const FEATURES = [answerRoutes];

/*
 * The session statechart on the real server: sign-ins and token checks are held until the path says how they
 * end. Every answer the server can give is its own: a sign-in succeeds with the seeded password, a wrong one is an
 * inactive NGO (the server answers credentials_invalid alike), too many attempts is the throttle's own count, the
 * NGO's change of heart is a real change, a refused token is a deactivated NGO; each arrangement is undone once
 * answered, so that later steps of a path find the account as seeded. Each test restores the seed, throttle
 * included, so attempts never accumulate. Only a network failure and a 503 are the test's own answers.
 */

const ACCOUNT = "admin.cfr";
const PASSWORD = "secret";
const NGO_ID = 1;

/** One organizer NGO and its admin, with a real password hash: the server checks the password. */
async function oneAdmin(db: TestDb) {
  await db.insertInto("ngo").values({ id: NGO_ID, name: "Code for Romania", shortName: "CfR", organizer: true, isActive: true }).execute();
  await db.insertInto("ngoAdmin").values({ id: 1, ngoId: NGO_ID, account: ACCOUNT, passwordHash: await hashSecret(PASSWORD) }).execute();
  await sql`SELECT setval(pg_get_serial_sequence('ngo', 'id'), 100), setval(pg_get_serial_sequence('ngo_admin', 'id'), 100)`.execute(db);
}

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

/** What the server's sign-in gives (its clock is TEST_NOW), and what an earlier visit stored. */
const signedInToken = await tokenBeforeTests(oneAdmin, ACCOUNT);
/** A later token of the same account, as another tab gets it by signing in again. */
const renewedToken = await tokenBeforeTests(oneAdmin, ACCOUNT, new Date(TEST_NOW.getTime() + 60_000));

/** The server's answer to the token check: the NGO has stopped organizing since the token was issued. */
const currentAccount: Account = { user: ACCOUNT, role: "ngoAdmin", ngoId: NGO_ID, ngoName: "Code for Romania", organizer: false };

const events: ModelEvent[] = [
  { type: "login.submit", user: ACCOUNT, password: PASSWORD },
  { type: "xstate.done.actor.authorize", actorId: "authorize", output: authorized(signedInToken) },
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

/** What the server says once the NGO is no longer active: it refuses the sign-in and every token of its admins. */
async function deactivateNgo(db: TestDb) {
  await db.updateTable("ngo").set({ isActive: false }).where("id", "=", NGO_ID).execute();
  return async () => void (await db.updateTable("ngo").set({ isActive: true }).where("id", "=", NGO_ID).execute());
}

/** The NGO stops organizing since the token was issued. */
async function stopOrganizing(db: TestDb) {
  await db.updateTable("ngo").set({ organizer: false }).where("id", "=", NGO_ID).execute();
  return async () => void (await db.updateTable("ngo").set({ organizer: true }).where("id", "=", NGO_ID).execute());
}

/** The account has used its attempts in a window that ends 30 s from now: the throttle refuses the next one. */
async function useUpAttempts(db: TestDb) {
  const key = `account:${ACCOUNT}`;
  const windowStart = new Date(TEST_NOW.getTime() - (15 * 60 - 30) * 1000);
  await sql`INSERT INTO sign_in_throttle (key, window_start, attempts) VALUES (${key}, ${windowStart}, 10)`.execute(db);
  return async () => void (await sql`DELETE FROM sign_in_throttle WHERE key = ${key}`.execute(db));
}

/** Arranges the server's state, lets the held request reach it and undoes the arrangement: returns the answer. */
async function releaseWith(db: TestDb, requests: HeldRequests, arrange: (db: TestDb) => Promise<() => Promise<void>>) {
  const undo = await arrange(db);
  try {
    return await requests.release();
  } finally {
    await undo();
  }
}

/** Another browser tab sharing local storage: the browser tells this tab through a "storage" event. */
function writeTokenInAnotherTab(token: string | null) {
  if (token === null) localStorage.removeItem(TOKEN_STORAGE_KEY);
  else localStorage.setItem(TOKEN_STORAGE_KEY, token);
  window.dispatchEvent(new StorageEvent("storage", { key: TOKEN_STORAGE_KEY, newValue: token, storageArea: localStorage }));
}

async function setUp(input: SessionInput | undefined) {
  const server = await startTestServer({ seed: oneAdmin });
  const logins = server.hold("POST /api/v2/access/authorize");
  const accountChecks = server.hold("GET /api/v2/access/me");
  const app = renderApp({ features: FEATURES, path: "/", storedToken: input?.storedToken ?? null, fetch: server.fetch });
  return { app, server, logins, accountChecks, login: loginPage(app.user), header: appHeader(app.user) };
}

type System = Awaited<ReturnType<typeof setUp>>;
type Options = ModelTestOptions<typeof sessionMachine, ModelEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "login.submit": async ({ login, logins }, { user, password }) => {
    const requestsBefore = logins.receivedCount();
    await login.fillCredentials(user, password);
    await login.submit();
    await waitFor(() => expect(logins.receivedCount()).toBe(requestsBefore + 1));
  },
  "xstate.done.actor.authorize": async ({ logins }, { output }) => {
    expect(await logins.release()).toMatchObject({ access_token: output.token });
  },
  "xstate.error.actor.authorize": async ({ server, logins }, { error }) => {
    if (error.status === 401) expect(await releaseWith(server.db, logins, deactivateNgo)).toMatchObject({ status: 401, code: "credentials_invalid" });
    else if (error.status === 429) expect(await releaseWith(server.db, logins, useUpAttempts)).toMatchObject({ status: 429, retryAfter: 30 });
    else logins.fail(new TypeError("Failed to fetch"));
  },
  "xstate.done.actor.fetchAccount": async ({ server, accountChecks }, { output }) => {
    expect(await releaseWith(server.db, accountChecks, stopOrganizing)).toEqual(output);
  },
  // No server state gives a 503.
  "xstate.error.actor.fetchAccount": ({ accountChecks }, { error }) => accountChecks.answer(problem(error.status, "unavailable")),
  "session.logout": ({ header }) => header.logOut(),
  "session.unauthorized": async ({ app, server, accountChecks }) => {
    // the pending token check is refused if there is one, else the next call carrying the token
    if (accountChecks.activeCount() > 0) {
      // Another call of the shell (the live connection's count) may meet the 401 first: the session then signs
      // out and cancels the check, which then has no answer.
      const answer = await releaseWith(server.db, accountChecks, deactivateNgo);
      if (answer !== undefined) expect(answer).toMatchObject({ status: 401 });
      return;
    }
    const undo = await deactivateNgo(server.db);
    try {
      const { response } = await app.api.GET("/api/v1/ngo");
      expect(response.status).toBe(401);
    } finally {
      await undo();
    }
  },
  "storage.changed": (_, { token }) => writeTokenInAnotherTab(token),
};

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const stateAssertions: Record<string, (system: System, snapshot: SessionSnapshot) => unknown> = {
  loggedOut: ({ accountChecks }) => {
    expect(accountChecks.activeCount()).toBe(0);
  },
  "loggedOut.idle": async ({ app, login, logins }) => {
    await eventually(() => login.isShown()).toBe(true);
    expect(await login.accountRequired()).toBe(true);
    expect(await login.error()).toBeNull();
    expect(app.currentPath()).toBe("/login");
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(logins.activeCount()).toBe(0);
  },
  "loggedOut.authenticating": async ({ login, logins }) => {
    await eventually(() => login.submitState()).toBe("busy");
    expect(await login.showsLoader()).toBe(true);
    // exactly one request in flight: a new attempt has cancelled the previous one
    expect(logins.activeCount()).toBe(1);
  },
  "loggedOut.failed": async ({ app, login, logins }, snapshot) => {
    const code = snapshot.context.loginError?.code;
    if (!code) throw new Error("the model's failed state carries an error code");
    await eventually(() => login.error()).toBe(expectedLoginErrors[code]);
    expect(await login.submitState()).toBe("enabled");
    expect(app.currentPath()).toBe("/login");
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(logins.activeCount()).toBe(0);
  },
  loggedIn: async ({ app, header, logins }, snapshot) => {
    const { account, claims, token } = snapshot.context;
    await eventually(() => header.signedInAs()).toBe(account?.user ?? claims?.sub ?? "(no account in the model)");
    expect(await header.logoutState()).toBe("enabled");
    await eventually(async () => (await header.sections()).includes("NGOs")).toBe(account ? account.organizer : claims?.organizer === true);
    expect(app.currentPath()).toBe("/urgents");
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(logins.activeCount()).toBe(0);
  },
  "loggedIn.verifying": ({ accountChecks }) => {
    expect(accountChecks.activeCount()).toBe(1);
  },
  "loggedIn.verified": ({ accountChecks }) => {
    expect(accountChecks.activeCount()).toBe(0);
  },
  "loggedIn.unverified": ({ accountChecks }) => {
    expect(accountChecks.activeCount()).toBe(0);
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

/** The token check's answer for a returning visit: the one event the stored token's start explores. */
const tokenChecked = events.find((event) => event.type === "xstate.done.actor.fetchAccount")!;

/**
 * Where a visit starts, and the events explored from there. Only the first explores them all: a stored token is
 * what a sign-in leaves (the same token, the same check), and a malformed one is forgotten at once, leaving what no
 * token leaves, so from there their graphs are the first one's again. Each still replays what only it does: the
 * restore, and for the stored token the server's check of it.
 */
const startingPoints: [string, SessionInput, ModelEvent[]][] = [
  ["with nothing stored", { storedToken: null }, events],
  ["with a token stored by an earlier visit", { storedToken: signedInToken }, [tokenChecked]],
  ["with a malformed token stored", { storedToken: "not-a-jwt" }, []],
];

const covered: ModelPath<typeof sessionMachine, ModelEvent>[] = [];
const whole: ModelPath<typeof sessionMachine, ModelEvent>[] = [];

describe.each(startingPoints)(`${sessionMachine.id} model, starting %s`, (_, input, explored) => {
  whole.push(...shortestPaths(sessionMachine, { input, events }));
  // Nodes differ by the state and the login error shown: which token is held (the first sign-in's or another tab's
  // later one) and the account read with it follow from the steps taken, and the followed paths carry their own.
  const found = shortestPaths(sessionMachine, { input, events: explored, distinguish: ({ context }) => context.loginError?.code ?? null });
  const paths = withoutPrefixes(found.map((path) => followPath(sessionMachine, { input, events: explored }, path)));
  covered.push(...testPaths(paths, { machine: sessionMachine, input, events: explored, setUp, eventExecutors, stateAssertions, describeEvent }));
});

describe(`${sessionMachine.id} model coverage`, () => {
  it("covers every state of the session, each login error included", () => {
    const reached = covered.flatMap(({ steps }) => steps.map(({ state }) => `${JSON.stringify(state.value)} ${state.context.loginError?.code ?? ""}`));
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

  it("takes every kind of step the whole graph of every start takes", () => {
    expect([...stepKinds(covered, describeEvent)].sort()).toEqual([...stepKinds(whole, describeEvent)].sort());
  });

  it("replays 21 paths", () => {
    expect(covered).toHaveLength(21);
  });
});
