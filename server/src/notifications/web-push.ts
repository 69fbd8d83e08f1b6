import webpush from "web-push";
import type { PushOutcome } from "./provider.ts";
import type { VapidKeys } from "./vapid.ts";

/** What the observers' web app's service worker reads from a push and shows. */
export interface WebPushPayload {
  title: string;
  body: string;
  notificationId: number;
}

/** One push to one browser's subscription. */
export interface WebPushMessage {
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: WebPushPayload;
}

/** Delivers Web Push; `send` answers one outcome per message, in the same order (`gone`: retire the subscription). */
export interface WebPushSender {
  /** The VAPID public key the browsers subscribe with (getPushPublicKey). */
  publicKey: string;
  send(messages: WebPushMessage[]): Promise<PushOutcome[]>;
}

export interface WebPushOptions {
  keys: VapidKeys;
  /** The VAPID contact: mailto: or https:. */
  subject: string;
  fetch?: typeof globalThis.fetch;
  /** Pushes in flight at once. */
  concurrency?: number;
  timeoutMs?: number;
}

// A notification is about election day: one that waited a day in the push service is no longer worth showing.
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292), the payload encrypted for the browser (RFC 8291, aes128gcm) by the
 * web-push package; the request is sent with fetch, which also reaches the http push service of the tests.
 */
export function webPushSender({ keys, subject, fetch = globalThis.fetch, concurrency = 50, timeoutMs = 10_000 }: WebPushOptions): WebPushSender {
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  // Throws now, at start-up, on a subject or keys web-push refuses, rather than at every push.
  webpush.getVapidHeaders("https://push.example.org", subject, keys.publicKey, keys.privateKey, "aes128gcm");

  async function push({ endpoint, p256dh, auth, payload }: WebPushMessage): Promise<PushOutcome> {
    let request: webpush.RequestDetails;
    try {
      request = webpush.generateRequestDetails({ endpoint, keys: { p256dh, auth } }, JSON.stringify(payload), {
        vapidDetails,
        TTL: TTL_SECONDS,
        urgency: "high",
        contentEncoding: "aes128gcm",
      });
    } catch {
      // Keys no browser made (savePushSubscription checks them, so hardly ever): kept, as the fault may be ours.
      return { kind: "failed", reason: "web-push/invalid-subscription", transient: false };
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== "content-length")
        .map(([name, value]) => [name, String(value)]),
    );
    let response: Response;
    try {
      // Never followed: a push service does not redirect, and the endpoint is the browser's to choose.
      response = await fetch(endpoint, { method: "POST", headers, body: request.body ? new Uint8Array(request.body) : null, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      return { kind: "failed", reason: (error as Error).name === "TimeoutError" ? "web-push/timeout" : "web-push/unreachable", transient: true };
    }
    await response.body?.cancel();
    return outcomeOf(response.status);
  }

  return {
    publicKey: keys.publicKey,
    send: (messages) => mapConcurrently(messages, concurrency, push),
  };
}

/** 404 and 410: the subscription expired or the browser unsubscribed (RFC 8030, section 7.3). */
export function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return { kind: "sent" };
  const reason = `web-push/${status}`;
  if (status === 404 || status === 410) return { kind: "gone", reason };
  return { kind: "failed", reason, transient: status === 429 || status >= 500 };
}

async function mapConcurrently<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
