import { decoyHash, verifySecret } from "../auth/password.ts";
import { signToken, type TokenClaims } from "../auth/token.ts";
import { json, type AppDependencies, type Handlers, type JsonResponseOf } from "../http/handler.ts";
import { problem, ProblemError } from "../http/problem.ts";

const credentialsInvalid = () =>
  new ProblemError(problem(401, "credentials_invalid", "The user or the password is wrong."));

/** Same answer and about the same time for an unknown account, a wrong secret and an inactive NGO. */
async function signIn(
  deps: AppDependencies,
  account: string,
  clientAddress: string,
  secret: string,
  find: () => Promise<{ hash: string; claims: TokenClaims; active: boolean } | undefined>,
): Promise<Response> {
  const now = deps.clock();
  const wait = deps.loginThrottle.retryAfter(account, clientAddress, now);
  if (wait > 0) {
    throw new ProblemError(problem(429, "rate_limited", `Too many failed attempts. Try again in ${wait} s.`, { retryAfter: wait }), {
      "retry-after": String(wait),
    });
  }
  const found = await find();
  const valid = await verifySecret(secret, found?.hash ?? (await decoyHash));
  if (!found || !valid || !found.active) {
    deps.loginThrottle.recordFailure(account, clientAddress, now);
    throw credentialsInvalid();
  }
  deps.loginThrottle.recordSuccess(account);
  const body = {
    access_token: await signToken(deps.config.token, found.claims, now),
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
    return signIn(deps, account, clientAddress, body.password, async () => {
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
    return signIn(deps, phone, clientAddress, body.pin, async () => {
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
