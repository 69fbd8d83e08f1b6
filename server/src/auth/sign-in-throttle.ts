import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export type Reservation =
  | { allowed: false; retryAfter: number }
  | {
      allowed: true;
      /** The secret was right: the account's count starts over and the address gets its attempt back. */
      succeeded(): Promise<void>;
      /** Nothing was checked (the server was too busy): both counts get the attempt back. */
      abandoned(): Promise<void>;
    };

/**
 * Sign-in throttling, reserved before the secret is checked, so that no number of concurrent guesses gets more
 * checks than the limit allows. Kept in the database: every instance on one PostgreSQL shares the counts.
 * - Per account: `perAccount` attempts in a window, then 429 until the window ends (stops guessing one secret).
 * - Per client address: past `perAddress` failures in a window the address is slowed to one attempt per
 *   `slowSpacingSeconds`, never locked out: many people behind one address (a situation room, a carrier's NAT)
 *   mistyping PINs must not keep the one with the right PIN out (sweeping one PIN across accounts is still slowed).
 */
export interface SignInThrottle {
  reserve(account: string, address: string, now: Date): Promise<Reservation>;
}

export interface ThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
  slowSpacingSeconds: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = { perAccount: 10, perAddress: 100, windowSeconds: 15 * 60, slowSpacingSeconds: 2 };

const secondsUntil = (time: Date, now: Date) => Math.max(1, Math.ceil((time.getTime() - now.getTime()) / 1000));

export function createSignInThrottle(db: Kysely<Database>, limits: ThrottleLimits = DEFAULT_LIMITS): SignInThrottle {
  const windowMs = limits.windowSeconds * 1000;

  /** One atomic upsert: starts a new window when the old one is over, else counts one more attempt. */
  async function count(key: string, now: Date) {
    const windowOver = new Date(now.getTime() - windowMs);
    const { rows } = await sql<{ attempts: number; windowStart: Date; nextAt: Date | null }>`
      INSERT INTO sign_in_throttle AS t (key, window_start, attempts) VALUES (${key}, ${now}, 1)
      ON CONFLICT (key) DO UPDATE SET
        attempts = CASE WHEN t.window_start <= ${windowOver} THEN 1 ELSE t.attempts + 1 END,
        next_at = CASE WHEN t.window_start <= ${windowOver} THEN NULL ELSE t.next_at END,
        window_start = CASE WHEN t.window_start <= ${windowOver} THEN ${now} ELSE t.window_start END
      RETURNING attempts, window_start, next_at`.execute(db);
    return rows[0]!;
  }

  const giveBack = (key: string) =>
    db.updateTable("signInThrottle").set((eb) => ({ attempts: sql<number>`greatest(${eb.ref("attempts")} - 1, 0)` })).where("key", "=", key).execute();

  /** Claims the address's next slow-mode slot, or tells when it is free. */
  async function claimSlot(key: string, now: Date): Promise<number> {
    const next = new Date(now.getTime() + limits.slowSpacingSeconds * 1000);
    const claimed = await db
      .updateTable("signInThrottle")
      .set({ nextAt: next })
      .where("key", "=", key)
      .where((eb) => eb.or([eb("nextAt", "is", null), eb("nextAt", "<=", now)]))
      .returning("nextAt")
      .executeTakeFirst();
    if (claimed) return 0;
    const row = await db.selectFrom("signInThrottle").select("nextAt").where("key", "=", key).executeTakeFirst();
    return row?.nextAt ? secondsUntil(row.nextAt, now) : 1;
  }

  return {
    async reserve(account, address, now) {
      const accountKey = `account:${account.trim().toLowerCase()}`;
      const addressKey = `address:${address}`;
      const byAddress = await count(addressKey, now);
      if (byAddress.attempts > limits.perAddress) {
        const wait = await claimSlot(addressKey, now);
        if (wait > 0) return { allowed: false, retryAfter: wait };
      }
      const byAccount = await count(accountKey, now);
      if (byAccount.attempts > limits.perAccount) {
        await giveBack(addressKey); // nothing was checked: the address did not spend a guess
        return { allowed: false, retryAfter: secondsUntil(new Date(byAccount.windowStart.getTime() + windowMs), now) };
      }
      return {
        allowed: true,
        async succeeded() {
          await db.deleteFrom("signInThrottle").where("key", "=", accountKey).execute();
          await giveBack(addressKey);
          // Forget windows that are over, so the table holds only the last window's keys.
          await db.deleteFrom("signInThrottle").where("windowStart", "<=", new Date(now.getTime() - windowMs)).execute();
        },
        async abandoned() {
          await giveBack(accountKey);
          await giveBack(addressKey);
        },
      };
    },
  };
}
