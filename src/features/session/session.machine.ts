import { assertEvent, assign, fromCallback, fromPromise, setup } from "xstate";
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

export interface SessionContext {
  token: string | null;
  claims: TokenClaims | null;
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
    watchTokenStorage: fromCallback<SessionEvent>(() => {
      throw new Error("watchTokenStorage is not provided");
    }),
  },
  actions: {
    persistToken: (_, _params: { token: string }) => {},
    forgetToken: () => {},
    goToUrgents: () => {},
    goToLogin: () => {},
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
  description: "Who is signed in, kept in local storage under token-id and shared by every open tab.",
  context: ({ input }) => ({ token: input.storedToken, claims: readClaims(input.storedToken), loginError: null }),
  invoke: { src: "watchTokenStorage" },
  initial: "restoring",
  states: {
    restoring: {
      description: "Adopts the token stored by an earlier visit. Expiry is not checked: the server answers 401.",
      always: [
        { guard: "tokenIsReadable", target: "loggedIn" },
        { guard: "hasToken", target: "loggedOut", actions: "forgetToken", description: "Discards a malformed stored token" },
        { target: "loggedOut" },
      ],
    },
    loggedOut: {
      entry: assign({ token: null, claims: null }),
      initial: "idle",
      on: {
        "storage.changed": {
          guard: "changedTokenIsReadable",
          target: "loggedIn",
          actions: ["adoptChangedToken", "goToUrgents"],
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
                "goToUrgents",
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
      entry: assign({ loginError: null }),
      on: {
        "session.logout": { target: "loggedOut", actions: ["forgetToken", "goToLogin"] },
        "session.unauthorized": {
          target: "loggedOut",
          actions: ["forgetToken", "goToLogin"],
          description: "A call carrying the token was answered 401: it expired or was revoked",
        },
        "storage.changed": [
          { guard: "changedTokenIsReadable", actions: "adoptChangedToken", description: "Another tab signed in again" },
          { target: "loggedOut", actions: "goToLogin", description: "Another tab signed out" },
        ],
      },
    },
  },
});
