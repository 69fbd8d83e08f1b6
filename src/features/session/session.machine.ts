import { assertEvent, assign, fromCallback, fromPromise, setup } from "xstate";
import type { components } from "../../api/schema";
import { toLoginError, type LoginError } from "./login-error";
import { readClaims, type TokenClaims } from "./token";

export interface Credentials {
  user: string;
  password: string;
}

export interface Authorization {
  token: string;
  claims: TokenClaims;
}

/** The account behind the token as the server sees it now (GET /api/v2/access/me). */
export type Account = components["schemas"]["Session"];

export interface SessionContext {
  token: string | null;
  claims: TokenClaims | null;
  account: Account | null;
  loginError: LoginError | null;
}

export type SessionEvent =
  | ({ type: "login.submit" } & Credentials)
  | { type: "session.logout" }
  | { type: "session.unauthorized" }
  | { type: "storage.changed"; token: string | null };

export interface SessionInput {
  storedToken: string | null;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as "busy",
  },
  actors: {
    authorize: fromPromise<Authorization, Credentials>(() => Promise.reject(new Error("authorize is not provided"))),
    fetchAccount: fromPromise<Account>(() => Promise.reject(new Error("fetchAccount is not provided"))),
    watchTokenStorage: fromCallback<SessionEvent>(() => {
      throw new Error("watchTokenStorage is not provided");
    }),
  },
  actions: {
    persistToken: (_, _params: { token: string }) => {},
    forgetToken: () => {},
    adoptChangedToken: assign(({ event }) => {
      assertEvent(event, "storage.changed");
      return { token: event.token, claims: readClaims(event.token) };
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    tokenIsReadable: ({ context }) => context.claims !== null,
    changedTokenIsReadable: ({ event }) => event.type === "storage.changed" && readClaims(event.token) !== null,
  },
}).createMachine({
  id: "session",
  description:
    "Who is signed in, kept in local storage under token-id and shared by every open tab. The route guards follow it: logged out shows /login, logged in leaves /login for /urgents.",
  context: ({ input }) => ({
    token: input.storedToken,
    claims: readClaims(input.storedToken),
    account: null,
    loginError: null,
  }),
  invoke: { src: "watchTokenStorage" },
  initial: "restoring",
  states: {
    restoring: {
      description: "Adopts the token stored by an earlier visit. Expiry is not checked here: the server answers 401.",
      always: [
        { guard: "tokenIsReadable", target: "loggedIn" },
        { guard: "hasToken", target: "loggedOut", actions: "forgetToken", description: "Discards a malformed stored token" },
        { target: "loggedOut" },
      ],
    },
    loggedOut: {
      entry: assign({ token: null, claims: null, account: null }),
      initial: "idle",
      on: {
        "storage.changed": {
          guard: "changedTokenIsReadable",
          target: "loggedIn",
          actions: "adoptChangedToken",
          description: "Another tab signed in",
        },
      },
      states: {
        idle: {
          on: { "login.submit": "authenticating" },
        },
        authenticating: {
          tags: "busy",
          entry: assign({ loginError: null }),
          invoke: {
            id: "authorize",
            src: "authorize",
            input: ({ event }) => {
              assertEvent(event, "login.submit");
              return { user: event.user, password: event.password };
            },
            onDone: {
              target: "#session.loggedIn",
              actions: [
                assign(({ event }) => ({ token: event.output.token, claims: event.output.claims })),
                { type: "persistToken", params: ({ event }) => ({ token: event.output.token }) },
              ],
            },
            onError: {
              target: "failed",
              actions: assign({ loginError: ({ event }) => toLoginError(event.error) }),
            },
          },
          on: {
            "login.submit": {
              target: "authenticating",
              reenter: true,
              description: "A new attempt cancels the pending one (its request is aborted)",
            },
          },
        },
        failed: {
          on: { "login.submit": "authenticating" },
        },
      },
    },
    loggedIn: {
      entry: assign({ loginError: null, account: null }),
      initial: "verifying",
      on: {
        "session.logout": { target: "loggedOut", actions: "forgetToken" },
        "session.unauthorized": {
          target: "loggedOut",
          actions: "forgetToken",
          description: "A call carrying the token was answered 401: tampered, expired or revoked",
        },
        "storage.changed": [
          {
            guard: "changedTokenIsReadable",
            target: "loggedIn",
            reenter: true,
            actions: "adoptChangedToken",
            description: "Another tab signed in again: check the new token",
          },
          { target: "loggedOut", description: "Another tab signed out" },
        ],
      },
      states: {
        verifying: {
          description:
            "Asks the server whose token this is now. A tampered, expired or revoked token gets 401, reported as session.unauthorized; the screens do not wait for the answer.",
          invoke: {
            id: "fetchAccount",
            src: "fetchAccount",
            onDone: { target: "verified", actions: assign({ account: ({ event }) => event.output }) },
            onError: { target: "unverified" },
          },
        },
        verified: {
          description: "The account, and whether its NGO organizes, are as the server says now",
        },
        unverified: {
          description: "The check failed without a 401 (offline, server error): the token is kept and the next call decides",
        },
      },
    },
  },
});
