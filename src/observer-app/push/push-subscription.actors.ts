import { fromPromise } from "xstate";
import type { ApiClient } from "../../api/client";
import { ApiError, expectData } from "../../api/problem";
import type { PushAvailability } from "./push-subscription.machine";

const pushSupported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The push subscription of this app's service worker, if any. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/observer/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The server's key as PushManager.subscribe takes it (base64url → bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

/**
 * Signing out ends this phone's subscription at the push service (no network to the server needed): pushes for the
 * observer who left are refused there from now on, and the server retires the subscription at its next push.
 */
export async function dropPushSubscription(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  await (await currentSubscription())?.unsubscribe();
}

const failure = (code: "denied" | "not_configured") => new ApiError({ status: 400, code, title: code });

export function createPushSubscriptionActors(api: ApiClient) {
  return {
    check: fromPromise<PushAvailability>(async () => {
      if (!pushSupported()) return "unsupported";
      if (Notification.permission === "denied") return "denied";
      return (await currentSubscription()) && Notification.permission === "granted" ? "on" : "off";
    }),
    subscribe: fromPromise<void>(async ({ signal }) => {
      if ((await Notification.requestPermission()) !== "granted") throw failure("denied");
      const { publicKey } = await expectData(api.GET("/api/v1/my/push-key", { signal }));
      if (!publicKey) throw failure("not_configured");
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      const { endpoint, keys } = subscription.toJSON();
      if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error("the browser gave a subscription without keys");
      await expectData(api.PUT("/api/v1/my/push-subscription", { body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }, signal }));
    }),
    unsubscribe: fromPromise<void>(async ({ signal }) => {
      const subscription = await currentSubscription();
      if (!subscription) return;
      await subscription.unsubscribe();
      await expectData(api.DELETE("/api/v1/my/push-subscription", { body: { endpoint: subscription.endpoint }, signal }));
    }),
  };
}
