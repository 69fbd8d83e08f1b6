import type { Kysely } from "kysely";
import webpush from "web-push";
import type { Database } from "../db/schema.ts";

/** A VAPID key pair (RFC 8292) as web-push takes it: the public key an uncompressed P-256 point, both base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const decodedLength = (value: string) => (BASE64URL.test(value) ? Buffer.from(value, "base64url").length : -1);

/** Checked at start-up, so that a pasted key with a typo stops the server instead of failing every push. */
export function checkVapidKeys(keys: VapidKeys): VapidKeys {
  if (decodedLength(keys.publicKey) !== 65 || Buffer.from(keys.publicKey, "base64url")[0] !== 4) {
    throw new Error("VAPID_PUBLIC_KEY is not a P-256 public key in base64url (65 bytes, as `npx web-push generate-vapid-keys` prints it).");
  }
  if (decodedLength(keys.privateKey) !== 32) {
    throw new Error("VAPID_PRIVATE_KEY is not a P-256 private key in base64url (32 bytes, as `npx web-push generate-vapid-keys` prints it).");
  }
  return keys;
}

/**
 * The key pair kept in the database, made at the first start. Instances started at once on one PostgreSQL database
 * may each make one: the first insert wins and every instance reads that one, so all of them push with the key the
 * browsers subscribed with.
 */
export async function storedVapidKeys(db: Kysely<Database>, generate: () => VapidKeys = () => webpush.generateVAPIDKeys()): Promise<VapidKeys> {
  const read = () => db.selectFrom("webPushVapidKey").select(["publicKey", "privateKey"]).executeTakeFirst();
  const stored = await read();
  if (stored) return stored;
  const made = generate();
  await db
    .insertInto("webPushVapidKey")
    .values({ publicKey: made.publicKey, privateKey: made.privateKey })
    .onConflict((conflict) => conflict.column("onlyRow").doNothing())
    .execute();
  return (await read())!;
}
