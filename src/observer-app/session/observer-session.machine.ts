import { assign, fromPromise, setup } from "xstate";

/** A signed-in observer as the phone keeps it: the token, when it ends, and whose it is. */
export interface ObserverSession {
  token: string;
  phone: string;
  expiresAt: number;
}

export interface Credentials {
  phone: string;
  pin: string;
}

/** Why signing in failed, translated by the view. */
export type SignInError = "credentials_invalid" | "too_many_attempts" | "offline" | "other_observers_outbox" | "failed";

export type ObserverSessionEvent =
  | { type: "signIn.submit"; credentials: Credentials }
  | { type: "signOut.request"; unsent: number }
  | { type: "session.expired" };

export const observerSessionMachine = setup({
  types: {
    context: {} as { session: ObserverSession | null; error: SignInError | null; retryAfterSeconds: number | null; signOutRefused: number | null },
    input: {} as { session: ObserverSession | null },
    events: {} as ObserverSessionEvent,
  },
  actors: {
    authorize: fromPromise<ObserverSession, Credentials>(() => Promise.reject(new Error("not provided"))),
  },
  actions: {
    persist: (_, _params: { session: ObserverSession }) => {},
    forget: () => {},
    tokenRefused: () => {},
    sessionRenewed: () => {},
  },
  guards: {
    hasSession: ({ context }) => context.session !== null && context.session.expiresAt > Date.now(),
    nothingUnsent: (_, params: { unsent: number }) => params.unsent === 0,
  },
}).createMachine({
  id: "observer-session",
  description: "Sign in once online with phone and PIN; the session lasts the shift, and ends only when nothing waits to be sent.",
  context: ({ input }) => ({ session: input.session, error: null, retryAfterSeconds: null, signOutRefused: null }),
  initial: "checking",
  states: {
    checking: {
      always: [{ guard: "hasSession", target: "signedIn" }, { target: "signedOut" }],
    },
    signedOut: {
      on: { "signIn.submit": { target: "signingIn", actions: assign({ error: null, retryAfterSeconds: null }) } },
    },
    signingIn: {
      invoke: {
        src: "authorize",
        input: ({ event }) => (event.type === "signIn.submit" ? event.credentials : { phone: "", pin: "" }),
        onDone: {
          target: "signedIn",
          actions: [
            assign({ session: ({ event }) => event.output, error: null }),
            { type: "persist", params: ({ event }) => ({ session: event.output }) },
            "sessionRenewed",
          ],
        },
        onError: {
          target: "signedOut",
          actions: assign({
            error: ({ event }) => signInErrorOf(event.error),
            retryAfterSeconds: ({ event }) => (event.error as { retryAfterSeconds?: number | null }).retryAfterSeconds ?? null,
          }),
        },
      },
    },
    signedIn: {
      on: {
        "signOut.request": [
          {
            guard: { type: "nothingUnsent", params: ({ event }) => ({ unsent: event.unsent }) },
            target: "signedOut",
            actions: [assign({ session: null, signOutRefused: null }), "forget"],
          },
          {
            description: "Something waits to be sent: signing out would lose it, so the observer is told what waits.",
            actions: assign({ signOutRefused: ({ event }) => event.unsent }),
          },
        ],
        "session.expired": {
          description: "The server refused the token: the observer signs in again; the outbox waits on the phone.",
          target: "signedOut",
          actions: [assign({ error: null }), "tokenRefused"],
        },
      },
    },
  },
});

/** The sign-in failure's code, from the ApiError (or the outbox owner's refusal) the authorize actor threw. */
function signInErrorOf(error: unknown): SignInError {
  const { status, code } = (error ?? {}) as { status?: number; code?: string | null };
  if (code === "other_observers_outbox") return "other_observers_outbox";
  if (status === 401) return "credentials_invalid";
  if (status === 429) return "too_many_attempts";
  if (status === 0) return "offline";
  return "failed";
}
