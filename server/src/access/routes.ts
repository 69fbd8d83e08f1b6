import { decoyHash, HashingBusyError, PIN_COST, verifySecret } from "../auth/password.ts";
import { ownNgo } from "../auth/scope.ts";
import { signToken } from "../auth/token.ts";
import type { AppDependencies } from "../deps.ts";
import { json, type Handlers, type JsonResponseOf } from "../http/handler.ts";
import { fail, problem, ProblemError } from "../problem.ts";
import { findAdminAccount, findObserverAccount, ngoName, type SignInAccount } from "./accounts.ts";
import { registerDevice } from "./device.ts";

const credentialsInvalid = () =>
  new ProblemError(problem(401, "credentials_invalid", "The user or the password is wrong."));

const tooMany = (wait: number, code = "rate_limited", detail = `Too many failed attempts. Try again in ${wait} s.`) =>
  fail.tooManyRequests(code, detail, wait);

/**
 * Same answer and about the same time for an unknown account, a wrong secret and an inactive NGO. The attempt is
 * reserved with the throttle before the secret is checked, so concurrent guesses cannot outrun the limits.
 */
async function signIn(
  deps: AppDependencies,
  account: string,
  clientAddress: string,
  secret: string,
  cost: number,
  find: () => Promise<SignInAccount | undefined>,
  /** What a successful sign-in also records (an observer's push token). */
  onSignedIn: (account: SignInAccount, now: Date) => Promise<void> = async () => {},
): Promise<Response> {
  const now = deps.clock();
  const reservation = await deps.signInThrottle.reserve(account, clientAddress, now);
  if (!reservation.allowed) throw tooMany(reservation.retryAfter);
  const found = await find();
  let valid: boolean;
  try {
    valid = await verifySecret(secret, found?.hash ?? (await decoyHash(cost)));
  } catch (error) {
    if (!(error instanceof HashingBusyError)) throw error;
    await reservation.abandoned();
    throw tooMany(1, "busy", "The server is checking many sign-ins right now. Try again in a moment.");
  }
  if (!found || !valid || !found.active) throw credentialsInvalid();
  await reservation.succeeded();
  await onSignedIn(found, now);
  const body = {
    access_token: signToken(deps.config.token, found.claims, now),
    expires_in: deps.config.token.ttlSeconds,
  } satisfies JsonResponseOf<"authorize", 200>;
  return json(200, body);
}

export const accessHandlers: Handlers = {
  getSession: async ({ principal, deps }) => {
    const current = principal!;
    const body = {
      user: current.kind === "admin" ? current.account : current.phone,
      role: current.kind === "admin" ? "ngoAdmin" : "observer",
      ngoId: current.ngoId,
      ngoName: await ngoName(deps.db, ownNgo(current)),
      organizer: current.kind === "admin" && current.organizer,
    } satisfies JsonResponseOf<"getSession", 200>;
    return json(200, body);
  },

  authorize: ({ body, deps, clientAddress }) => {
    const account = body.user.trim();
    return signIn(deps, account, clientAddress, body.password, deps.config.passwordCost, () => findAdminAccount(deps.db, account));
  },

  authorizeObserver: ({ body, deps, clientAddress }) => {
    const phone = body.phone.trim();
    const { fcmToken, channelName = "Firebase" } = body;
    return signIn(deps, phone, clientAddress, body.pin, PIN_COST, () => findObserverAccount(deps.db, phone), async ({ claims }, now) => {
      if (fcmToken !== undefined && claims.role === "observer") await registerDevice(deps.db, claims.observerId, channelName, fcmToken, now);
    });
  },
};
