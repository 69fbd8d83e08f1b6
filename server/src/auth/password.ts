import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/** log2 of scrypt's N. Admin passwords get the strong cost; PINs (10^4–10^6 values, brute-forceable
 * whatever the cost) rely on rate limiting, so they get a cost that keeps a 10,000-row import fast. */
export const PASSWORD_COST = 15;
export const PIN_COST = 8;

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Hashes with a fresh per-secret salt; the result `scrypt$N$r$p$salt$key` carries its own parameters. */
export async function hashSecret(secret: string, cost = PASSWORD_COST): Promise<string> {
  const N = 2 ** cost;
  const salt = randomBytes(16);
  const key = await derive(secret, salt, { N, r: BLOCK_SIZE, p: 1, maxmem: 256 * N * BLOCK_SIZE });
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

/** A hash of a random secret: verifying against it costs as much as a real one, so unknown accounts
 * take as long to refuse as wrong passwords. */
export const decoyHash = hashSecret(randomBytes(16).toString("hex"));
