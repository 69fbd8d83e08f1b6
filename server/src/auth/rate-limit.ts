/**
 * Counts failed sign-in attempts per key in a sliding window. In memory: a second instance keeps its own
 * counts, which still bounds guessing per instance (documented in the README's scaling notes).
 */
export interface RateLimiter {
  /** Seconds to wait before another attempt is allowed, or 0. */
  retryAfter(key: string, now: Date): number;
  recordFailure(key: string, now: Date): void;
  reset(key: string): void;
}

export function createRateLimiter({ maxFailures, windowSeconds }: { maxFailures: number; windowSeconds: number }): RateLimiter {
  const failures = new Map<string, number[]>();
  const windowMs = windowSeconds * 1000;
  const recent = (key: string, now: Date) => {
    const times = (failures.get(key) ?? []).filter((time) => now.getTime() - time < windowMs);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  };
  return {
    retryAfter(key, now) {
      const times = recent(key, now);
      if (times.length < maxFailures) return 0;
      return Math.ceil((times[times.length - maxFailures]! + windowMs - now.getTime()) / 1000);
    },
    recordFailure(key, now) {
      failures.set(key, [...recent(key, now), now.getTime()]);
    },
    reset(key) {
      failures.delete(key);
    },
  };
}

/** Sign-in throttling: per account (stops guessing one password) and per client address (stops sweeping accounts). */
export interface LoginThrottle {
  retryAfter(account: string, address: string, now: Date): number;
  recordFailure(account: string, address: string, now: Date): void;
  recordSuccess(account: string): void;
}

export function createLoginThrottle(
  { perAccount = 10, perAddress = 100, windowSeconds = 15 * 60 } = {},
): LoginThrottle {
  const accounts = createRateLimiter({ maxFailures: perAccount, windowSeconds });
  const addresses = createRateLimiter({ maxFailures: perAddress, windowSeconds });
  const accountKey = (account: string) => account.trim().toLowerCase();
  return {
    retryAfter: (account, address, now) =>
      Math.max(accounts.retryAfter(accountKey(account), now), addresses.retryAfter(address, now)),
    recordFailure(account, address, now) {
      accounts.recordFailure(accountKey(account), now);
      addresses.recordFailure(address, now);
    },
    recordSuccess: (account) => accounts.reset(accountKey(account)),
  };
}
