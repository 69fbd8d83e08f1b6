import { availableParallelism } from "node:os";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { createWorkQueue } from "./work-queue.ts";

/** log2 of scrypt's N. Admin passwords get the strong cost; PINs (10^4–10^6 values, brute-forceable
 * whatever the cost) rely on rate limiting, so they get a cost that keeps a 10,000-row import fast. */
export const PASSWORD_COST = 15;
export const PIN_COST = 8;

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;

/**
 * scrypt runs on libuv's thread pool (4 threads), which zlib and file access share with every request. Hashes run
 * in two lanes: sign-ins and single password changes leave at least one core to request handling, and a burst of
 * them waits in its queue instead of stalling everyone; bulk work (an import's PINs) has a lane of its own, so a
 * 10,000-row import neither waits behind sign-ins nor delays them.
 */
const cores = availableParallelism();
const lanes = {
  interactive: createWorkQueue({ concurrency: Math.max(1, cores - 1), maxWaiting: 500 }),
  bulk: createWorkQueue({ concurrency: cores, maxWaiting: 100_000 }),
};
export type HashingLane = keyof typeof lanes;

export class HashingBusyError extends Error {
  constructor() {
    super("Too many passwords are being checked right now.");
  }
}

function derive(secret: string, salt: Buffer, options: ScryptOptions, lane: HashingLane = "interactive"): Promise<Buffer> {
  const job = () =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(secret.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
    );
  const queued = lanes[lane].run(job);
  if (!queued) return Promise.reject(new HashingBusyError());
  return queued;
}

/** Hashes with a fresh per-secret salt; the result `scrypt$N$r$p$salt$key` carries its own parameters. */
export async function hashSecret(secret: string, cost = PASSWORD_COST, lane: HashingLane = "interactive"): Promise<string> {
  const N = 2 ** cost;
  const salt = randomBytes(16);
  const key = await derive(secret, salt, { N, r: BLOCK_SIZE, p: 1, maxmem: 256 * N * BLOCK_SIZE }, lane);
  return ["scrypt", N, BLOCK_SIZE, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const N = Number(n);
  const options = { N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r) };
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(secret, Buffer.from(salt, "base64url"), options);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const decoys = new Map<number, Promise<string>>();

/**
 * A hash of a random secret at the given cost: verifying against it costs as much as a real one of that cost, so
 * an unknown account takes as long to refuse as a wrong secret (a PIN decoy must cost what a PIN costs, or the
 * time would tell which phones belong to observers).
 */
export function decoyHash(cost: number): Promise<string> {
  let decoy = decoys.get(cost);
  if (!decoy) decoys.set(cost, (decoy = hashSecret(randomBytes(16).toString("hex"), cost)));
  return decoy;
}
