import { decoyHash, HashingBusyError, PASSWORD_COST, PIN_COST, verifySecret } from "../auth/password.ts";
import { signToken, type TokenClaims } from "../auth/token.ts";
import { json, type AppDependencies, type Handlers, type JsonResponseOf } from "../http/handler.ts";
import { problem, ProblemError } from "../http/problem.ts";

const credentialsInvalid = () =>
  new ProblemError(problem(401, "credentials_invalid", "The user or the password is wrong."));

const tooMany = (wait: number, code = "rate_limited", detail = `Too many failed attempts. Try again in ${wait} s.`) =>
  new ProblemError(problem(429, code, detail, { retryAfter: wait }), { "retry-after": String(wait) });

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
  find: () => Promise<{ hash: string; claims: TokenClaims; active: boolean } | undefined>,
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
  const body = {
    access_token: signToken(deps.config.token, found.claims, now),
    expires_in: deps.config.token.ttlSeconds,
  } satisfies JsonResponseOf<"authorize", 200>;
  return json(200, body);
}

export const accessHandlers: Handlers = {
  getSession: async ({ principal, deps }) => {
    const current = principal!;
    const ngo = await deps.db.selectFrom("ngo").select(["name"]).where("id", "=", current.ngoId).executeTakeFirstOrThrow();
    const body = {
      user: current.kind === "admin" ? current.account : current.phone,
      role: current.kind === "admin" ? "ngoAdmin" : "observer",
      ngoId: current.ngoId,
      ngoName: ngo.name,
      organizer: current.kind === "admin" && current.organizer,
    } satisfies JsonResponseOf<"getSession", 200>;
    return json(200, body);
  },

  authorize: ({ body, deps, clientAddress }) => {
    const account = body.user.trim();
    return signIn(deps, account, clientAddress, body.password, PASSWORD_COST, async () => {
      const row = await deps.db
        .selectFrom("ngoAdmin")
        .innerJoin("ngo", "ngo.id", "ngoAdmin.ngoId")
        .select(["ngoAdmin.id", "ngoAdmin.account", "ngoAdmin.passwordHash", "ngoAdmin.ngoId", "ngo.organizer", "ngo.isActive"])
        .where("ngoAdmin.account", "=", account)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        hash: row.passwordHash,
        active: row.isActive,
        claims: { role: "ngoAdmin", sub: row.account, adminId: row.id, ngoId: row.ngoId, organizer: row.organizer },
      };
    });
  },

  authorizeObserver: ({ body, deps, clientAddress }) => {
    const phone = body.phone.trim();
    return signIn(deps, phone, clientAddress, body.pin, PIN_COST, async () => {
      const row = await deps.db
        .selectFrom("observer")
        .innerJoin("ngo", "ngo.id", "observer.ngoId")
        .select(["observer.id", "observer.phone", "observer.pinHash", "observer.ngoId", "ngo.isActive"])
        .where("observer.phone", "=", phone)
        .where("observer.deletedAt", "is", null)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        hash: row.pinHash,
        active: row.isActive,
        claims: { role: "observer", sub: row.phone, observerId: row.id, ngoId: row.ngoId },
      };
    });
  },
};
