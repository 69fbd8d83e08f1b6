import { describe, expect, it } from "vitest";
import { createActor, fromCallback, fromPromise, waitFor } from "xstate";
import { ApiError } from "../../api/problem";
import { sessionMachine, type Account, type Authorization, type Credentials } from "./session.machine";
import { selectIsAuthenticating, selectIsOrganizer, selectLoginError, selectUserName } from "./session.selectors";
import { readClaims } from "./token";
import { makeTestToken, organizerToken, staffToken } from "../../../tests/support/token.fixtures";

interface Pending<Input, Output> {
  input: Input;
  signal: AbortSignal;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

const adminAccount: Account = { user: "admin.cfr", role: "ngoAdmin", ngoId: 1, ngoName: "Code for Romania", organizer: true };

function authorized(token: string): Authorization {
  const claims = readClaims(token);
  if (!claims) throw new Error("fixture token must be readable");
  return { token, claims };
}

/** Lets already-settled promises run their callbacks: how a test shows that a late answer changed nothing. */
const settlePendingPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A session actor whose requests the test answers by hand, and which records its effects in order. */
function startSession(storedToken: string | null = null) {
  const attempts: Pending<Credentials, Authorization>[] = [];
  const accountChecks: Pending<undefined, Account>[] = [];
  const effects: string[] = [];
  const logic = sessionMachine.provide({
    actors: {
      authorize: fromPromise<Authorization, Credentials>(
        ({ input, signal }) => new Promise((resolve, reject) => attempts.push({ input, signal, resolve, reject })),
      ),
      fetchAccount: fromPromise<Account>(
        ({ signal }) => new Promise((resolve, reject) => accountChecks.push({ input: undefined, signal, resolve, reject })),
      ),
      watchTokenStorage: fromCallback(() => {}),
    },
    actions: {
      persistToken: (_, { token }) => effects.push(`persist ${token}`),
      forgetToken: () => effects.push("forget"),
    },
  });
  const session = createActor(logic, { input: { storedToken } }).start();
  const submit = (user = "admin.cfr", password = "secret") => session.send({ type: "login.submit", user, password });
  return { session, attempts, accountChecks, effects, submit };
}

describe(sessionMachine.id, () => {
  describe("starting", () => {
    it("is logged in when a readable token is stored, without touching storage", () => {
      const { session, effects } = startSession(organizerToken);
      expect(session.getSnapshot().value).toEqual({ loggedIn: "verifying" });
      expect(selectUserName(session.getSnapshot())).toBe("admin.cfr");
      expect(selectIsOrganizer(session.getSnapshot())).toBe(true);
      expect(effects).toEqual([]);
    });

    it("ignores expiry: a token whose exp is in the past still counts as logged in", () => {
      const { session } = startSession(makeTestToken({ exp: 1 }));
      expect(session.getSnapshot().value).toEqual({ loggedIn: "verifying" });
    });

    it("is logged out when nothing is stored, without touching storage", () => {
      const { session, effects } = startSession(null);
      expect(session.getSnapshot().value).toEqual({ loggedOut: "idle" });
      expect(effects).toEqual([]);
    });

    it("discards a malformed stored token and starts logged out", () => {
      const { session, effects } = startSession("not-a-jwt");
      expect(session.getSnapshot().value).toEqual({ loggedOut: "idle" });
      expect(session.getSnapshot().context.token).toBeNull();
      expect(effects).toEqual(["forget"]);
    });
  });

  describe("logging in", () => {
    it("sends the credentials and is busy while the request is pending", () => {
      const { session, attempts, submit } = startSession();
      submit("admin.cfr", "secret");
      expect(session.getSnapshot().value).toEqual({ loggedOut: "authenticating" });
      expect(selectIsAuthenticating(session.getSnapshot())).toBe(true);
      expect(attempts.map((attempt) => attempt.input)).toEqual([{ user: "admin.cfr", password: "secret" }]);
    });

    it("stores the token when authorized (the route guard then leaves /login for /urgents)", async () => {
      const { session, attempts, effects, submit } = startSession();
      submit();
      attempts[0]?.resolve(authorized(staffToken));
      await waitFor(session, (snapshot) => snapshot.matches("loggedIn"));
      expect(effects).toEqual([`persist ${staffToken}`]);
      expect(selectUserName(session.getSnapshot())).toBe("ana.pop");
      expect(selectIsOrganizer(session.getSnapshot())).toBe(false);
      expect(selectIsAuthenticating(session.getSnapshot())).toBe(false);
    });

    it.each([
      [new ApiError({ status: 401, code: "credentials_invalid", title: "Invalid credentials" }), { code: "credentials_invalid" }],
      [new ApiError({ status: 429, title: "Too many requests", retryAfterSeconds: 30 }), { code: "rate_limited", retryAfterSeconds: 30 }],
      [new ApiError({ status: 0, code: "network_error", title: "Network error" }), { code: "network" }],
      [new ApiError({ status: 503, title: "Unavailable" }), { code: "unexpected", status: 503 }],
    ])("shows why the attempt failed (%s) and stores nothing", async (error, expected) => {
      const { session, attempts, effects, submit } = startSession();
      submit();
      attempts[0]?.reject(error);
      await waitFor(session, (snapshot) => snapshot.matches({ loggedOut: "failed" }));
      expect(selectLoginError(session.getSnapshot())).toEqual(expected);
      expect(effects).toEqual([]);
    });

    it("cancels the pending request when the user submits again, and ignores its late answer", async () => {
      const { session, attempts, effects, submit } = startSession();
      submit("first", "one");
      submit("second", "two");
      expect(attempts).toHaveLength(2);
      expect(attempts[0]?.signal.aborted).toBe(true);
      expect(attempts[1]?.signal.aborted).toBe(false);
      expect(attempts[1]?.input).toEqual({ user: "second", password: "two" });

      attempts[0]?.resolve(authorized(organizerToken));
      await settlePendingPromises();
      expect(session.getSnapshot().value).toEqual({ loggedOut: "authenticating" });

      attempts[1]?.resolve(authorized(staffToken));
      await waitFor(session, (snapshot) => snapshot.matches("loggedIn"));
      expect(session.getSnapshot().context.token).toBe(staffToken);
      expect(effects).toEqual([`persist ${staffToken}`]);
    });

    it("clears the previous error as soon as the user tries again", async () => {
      const { session, attempts, submit } = startSession();
      submit();
      attempts[0]?.reject(new ApiError({ status: 401, title: "Invalid credentials" }));
      await waitFor(session, (snapshot) => snapshot.matches({ loggedOut: "failed" }));
      submit();
      expect(session.getSnapshot().value).toEqual({ loggedOut: "authenticating" });
      expect(session.getSnapshot().context.loginError).toBeNull();
    });
  });

  describe("logged in", () => {
    it("clears the token on logout (the route guard then shows /login)", () => {
      const { session, effects } = startSession(organizerToken);
      session.send({ type: "session.logout" });
      expect(session.getSnapshot().value).toEqual({ loggedOut: "idle" });
      expect(session.getSnapshot().context).toEqual({ token: null, claims: null, account: null, loginError: null });
      expect(effects).toEqual(["forget"]);
    });

    it("clears the token when a call carrying it is answered 401", () => {
      const { session, effects } = startSession(organizerToken);
      session.send({ type: "session.unauthorized" });
      expect(session.getSnapshot().value).toEqual({ loggedOut: "idle" });
      expect(effects).toEqual(["forget"]);
    });

    it("ignores a 401 report while logged out", () => {
      const { session, effects } = startSession(null);
      session.send({ type: "session.unauthorized" });
      expect(session.getSnapshot().value).toEqual({ loggedOut: "idle" });
      expect(effects).toEqual([]);
    });
  });

  describe("checking the token with the server", () => {
    it("asks the server whose token it is and shows the account as it is now", async () => {
      const { session, accountChecks } = startSession(organizerToken);
      expect(accountChecks).toHaveLength(1);
      accountChecks[0]?.resolve({ ...adminAccount, organizer: false });
      await waitFor(session, (snapshot) => snapshot.matches({ loggedIn: "verified" }));
      expect(session.getSnapshot().context.account).toEqual({ ...adminAccount, organizer: false });
      expect(selectIsOrganizer(session.getSnapshot())).toBe(false);
      expect(selectUserName(session.getSnapshot())).toBe("admin.cfr");
    });

    it("checks a token it has just received as well", async () => {
      const { session, attempts, accountChecks, submit } = startSession();
      submit();
      attempts[0]?.resolve(authorized(staffToken));
      await waitFor(session, (snapshot) => snapshot.matches({ loggedIn: "verifying" }));
      expect(accountChecks).toHaveLength(1);
    });

    it("stays logged in when the check fails without a 401", async () => {
      const { session, accountChecks, effects } = startSession(organizerToken);
      accountChecks[0]?.reject(new ApiError({ status: 0, code: "network_error", title: "Network error" }));
      await waitFor(session, (snapshot) => snapshot.matches({ loggedIn: "unverified" }));
      expect(session.getSnapshot().context.token).toBe(organizerToken);
      expect(selectIsOrganizer(session.getSnapshot())).toBe(true);
      expect(effects).toEqual([]);
    });

    it("logs out on a 401 during the check and cancels the check", () => {
      const { session, accountChecks, effects } = startSession(organizerToken);
      session.send({ type: "session.unauthorized" });
      expect(session.getSnapshot().value).toEqual({ loggedOut: "idle" });
      expect(accountChecks[0]?.signal.aborted).toBe(true);
      expect(effects).toEqual(["forget"]);
    });

    it("checks again when another tab signs in with a new token", async () => {
      const { session, accountChecks } = startSession(organizerToken);
      accountChecks[0]?.resolve(adminAccount);
      await waitFor(session, (snapshot) => snapshot.matches({ loggedIn: "verified" }));
      session.send({ type: "storage.changed", token: staffToken });
      expect(session.getSnapshot().value).toEqual({ loggedIn: "verifying" });
      expect(session.getSnapshot().context.token).toBe(staffToken);
      expect(selectUserName(session.getSnapshot())).toBe("ana.pop");
      expect(accountChecks).toHaveLength(2);
    });
  });

  describe("other tabs", () => {
    it("logs out when another tab removes the token, leaving storage to that tab", () => {
      const { session, effects } = startSession(organizerToken);
      session.send({ type: "storage.changed", token: null });
      expect(session.getSnapshot().value).toEqual({ loggedOut: "idle" });
      expect(effects).toEqual([]);
    });

    it("logs in when another tab stores a token", () => {
      const { session, effects } = startSession(null);
      session.send({ type: "storage.changed", token: staffToken });
      expect(session.getSnapshot().value).toEqual({ loggedIn: "verifying" });
      expect(selectUserName(session.getSnapshot())).toBe("ana.pop");
      expect(effects).toEqual([]);
    });

    it("follows another tab that signs in as someone else", () => {
      const { session, effects } = startSession(organizerToken);
      session.send({ type: "storage.changed", token: staffToken });
      expect(session.getSnapshot().value).toEqual({ loggedIn: "verifying" });
      expect(selectUserName(session.getSnapshot())).toBe("ana.pop");
      expect(effects).toEqual([]);
    });

    it("does not log in on a malformed token written by another tab", () => {
      const { session, effects } = startSession(null);
      session.send({ type: "storage.changed", token: "garbage" });
      expect(session.getSnapshot().value).toEqual({ loggedOut: "idle" });
      expect(effects).toEqual([]);
    });

    it("cancels a pending sign-in when another tab signs in first", () => {
      const { session, attempts, submit } = startSession(null);
      submit();
      session.send({ type: "storage.changed", token: staffToken });
      expect(session.getSnapshot().value).toEqual({ loggedIn: "verifying" });
      expect(attempts[0]?.signal.aborted).toBe(true);
    });
  });
});
