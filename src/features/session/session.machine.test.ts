import { describe, expect, it } from "vitest";
import { createActor, fromCallback, fromPromise, waitFor } from "xstate";
import { ApiError } from "../../api/problem";
import { sessionMachine, type Authorization, type Credentials } from "./session.machine";
import { selectIsAuthenticating, selectIsOrganizer, selectLoginError, selectUserName } from "./session.selectors";
import { readClaims } from "./token";
import { makeTestToken, organizerToken, staffToken } from "./token.fixtures";

interface Attempt {
  input: Credentials;
  signal: AbortSignal;
  resolve: (authorization: Authorization) => void;
  reject: (error: unknown) => void;
}

function authorized(token: string): Authorization {
  const claims = readClaims(token);
  if (!claims) throw new Error("fixture token must be readable");
  return { token, claims };
}

/** Lets already-settled promises run their callbacks: how a test shows that a late answer changed nothing. */
const settlePendingPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A session actor whose sign-in requests the test answers by hand, and which records its effects in order. */
function startSession(storedToken: string | null = null) {
  const attempts: Attempt[] = [];
  const effects: string[] = [];
  const logic = sessionMachine.provide({
    actors: {
      authorize: fromPromise<Authorization, Credentials>(
        ({ input, signal }) => new Promise((resolve, reject) => attempts.push({ input, signal, resolve, reject })),
      ),
      watchTokenStorage: fromCallback(() => {}),
    },
    actions: {
      persistToken: (_, { token }) => effects.push(`persist ${token}`),
      forgetToken: () => effects.push("forget"),
      goToUrgents: () => effects.push("go /urgents"),
      goToLogin: () => effects.push("go /login"),
    },
  });
  const session = createActor(logic, { input: { storedToken } }).start();
  const submit = (user = "admin.cfr", password = "secret") => session.send({ type: "login.submit", user, password });
  return { session, attempts, effects, submit };
}

describe(sessionMachine.id, () => {
  describe("starting", () => {
    it("is logged in when a readable token is stored, without touching storage", () => {
      const { session, effects } = startSession(organizerToken);
      expect(session.getSnapshot().value).toBe("loggedIn");
      expect(selectUserName(session.getSnapshot())).toBe("admin.cfr");
      expect(selectIsOrganizer(session.getSnapshot())).toBe(true);
      expect(effects).toEqual([]);
    });

    it("ignores expiry: a token whose exp is in the past still counts as logged in", () => {
      const { session } = startSession(makeTestToken({ exp: 1 }));
      expect(session.getSnapshot().value).toBe("loggedIn");
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

    it("stores the token and goes to /urgents when authorized", async () => {
      const { session, attempts, effects, submit } = startSession();
      submit();
      attempts[0]?.resolve(authorized(staffToken));
      await waitFor(session, (snapshot) => snapshot.matches("loggedIn"));
      expect(effects).toEqual([`persist ${staffToken}`, "go /urgents"]);
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
      expect(effects).toEqual([`persist ${staffToken}`, "go /urgents"]);
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
    it("clears the token and goes to /login on logout", () => {
      const { session, effects } = startSession(organizerToken);
      session.send({ type: "session.logout" });
      expect(session.getSnapshot().value).toEqual({ loggedOut: "idle" });
      expect(session.getSnapshot().context).toEqual({ token: null, claims: null, loginError: null });
      expect(effects).toEqual(["forget", "go /login"]);
    });

    it("clears the token and goes to /login when a call is answered 401", () => {
      const { session, effects } = startSession(organizerToken);
      session.send({ type: "session.unauthorized" });
      expect(session.getSnapshot().value).toEqual({ loggedOut: "idle" });
      expect(effects).toEqual(["forget", "go /login"]);
    });

    it("ignores a 401 report while logged out", () => {
      const { session, effects } = startSession(null);
      session.send({ type: "session.unauthorized" });
      expect(session.getSnapshot().value).toEqual({ loggedOut: "idle" });
      expect(effects).toEqual([]);
    });
  });

  describe("other tabs", () => {
    it("logs out when another tab removes the token, leaving storage to that tab", () => {
      const { session, effects } = startSession(organizerToken);
      session.send({ type: "storage.changed", token: null });
      expect(session.getSnapshot().value).toEqual({ loggedOut: "idle" });
      expect(effects).toEqual(["go /login"]);
    });

    it("logs in when another tab stores a token", () => {
      const { session, effects } = startSession(null);
      session.send({ type: "storage.changed", token: staffToken });
      expect(session.getSnapshot().value).toBe("loggedIn");
      expect(selectUserName(session.getSnapshot())).toBe("ana.pop");
      expect(effects).toEqual(["go /urgents"]);
    });

    it("follows another tab that signs in as someone else", () => {
      const { session, effects } = startSession(organizerToken);
      session.send({ type: "storage.changed", token: staffToken });
      expect(session.getSnapshot().value).toBe("loggedIn");
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
      expect(session.getSnapshot().value).toBe("loggedIn");
      expect(attempts[0]?.signal.aborted).toBe(true);
    });
  });
});
