import type { components } from "../../../openapi/schema.d.ts";
import { fail } from "../problem.ts";

type PushSubscription = components["schemas"]["PushSubscription"];

const bytes = (value: string) => Buffer.from(value.replace(/=+$/, ""), "base64url");

/**
 * The browser's keys as RFC 8291 has them: an uncompressed P-256 point and a 16-byte secret. The contract checks the
 * alphabet; the lengths are checked here so that a subscription saved is one a push can be encrypted for.
 */
export function checkSubscriptionKeys({ keys }: PushSubscription): void {
  const p256dh = bytes(keys.p256dh);
  const errors = {
    ...(p256dh.length === 65 && p256dh[0] === 4 ? {} : { "keys.p256dh": [{ code: "invalid" as const, message: "is not a P-256 public key (65 bytes, base64url)" }] }),
    ...(bytes(keys.auth).length === 16 ? {} : { "keys.auth": [{ code: "invalid" as const, message: "is not a 16-byte secret (base64url)" }] }),
  };
  if (Object.keys(errors).length > 0) throw fail.validation(errors);
}

/** The browsers' push services (Chrome, Edge's Chromium, Samsung, Opera: FCM; Firefox; Safari; legacy Edge). */
const PUSH_SERVICE_DOMAINS = ["fcm.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com"];
const LOOPBACK = new Set(["localhost", "127.0.0.1"]);

/**
 * The server posts to the endpoint: it must be a browser push service's, or an observer could have the server call
 * any address (a server-side request forgery). A local push service is accepted only by a server that is itself
 * served over http, a test or development deployment.
 */
export function checkSubscriptionEndpoint(endpoint: string, publicUrl: string): void {
  const { protocol, hostname } = new URL(endpoint);
  const known = protocol === "https:" && PUSH_SERVICE_DOMAINS.some((domain) => hostname === domain || hostname.endsWith(`.${domain}`));
  const local = protocol === "http:" && LOOPBACK.has(hostname) && publicUrl.startsWith("http:");
  if (!known && !local) {
    throw fail.validation({ endpoint: [{ code: "invalid", message: "is not the address of a browser's push service" }] });
  }
}
