import { applicationDefault, cert, initializeApp, type ServiceAccount } from "firebase-admin/app";
import { getMessaging, type BatchResponse, type Message } from "firebase-admin/messaging";
import type { PushOutcome, PushProvider } from "./provider.ts";

/** The part of firebase-admin's Messaging this server uses; tests pass a fake one. */
export interface MessagingClient {
  sendEach(messages: Message[]): Promise<BatchResponse>;
}

/** Where the Firebase credentials come from: a service account (FIREBASE_SERVICE_ACCOUNT) or Google's default ones. */
export type FirebaseCredentials = { kind: "serviceAccount"; serviceAccount: ServiceAccount } | { kind: "applicationDefault" };

// FCM's own limit for one sendEach call.
const FCM_BATCH_LIMIT = 500;
// The device uninstalled the app or the token was never valid: pushing to it again can never work.
const GONE = new Set(["messaging/registration-token-not-registered", "messaging/invalid-registration-token", "messaging/installation-id-not-registered"]);
// FCM asks to try again later.
const TRANSIENT = new Set([
  "messaging/internal-error",
  "messaging/server-unavailable",
  "messaging/unknown-error",
  "messaging/message-rate-exceeded",
  "messaging/device-message-rate-exceeded",
]);

export function firebaseMessaging(credentials: FirebaseCredentials): MessagingClient {
  const credential = credentials.kind === "serviceAccount" ? cert(credentials.serviceAccount) : applicationDefault();
  return getMessaging(initializeApp({ credential }, "vote-monitor-push"));
}

/** Firebase Cloud Messaging: title and body in the notification payload, one result per token. */
export function firebaseProvider(messaging: MessagingClient): PushProvider {
  return {
    name: "firebase",
    batchLimit: FCM_BATCH_LIMIT,
    async send(messages) {
      if (messages.length === 0) return [];
      let batch: BatchResponse;
      try {
        batch = await messaging.sendEach(messages.map(({ token, title, body }) => ({ token, notification: { title, body } })));
      } catch (error) {
        // The whole call failed (network, credentials): nothing is known to be sent, each push may be tried again.
        const reason = errorCode(error) ?? "messaging/unreachable";
        return messages.map(() => ({ kind: "failed", reason, transient: true }));
      }
      return batch.responses.map((response): PushOutcome => {
        if (response.success) return { kind: "sent" };
        const reason = errorCode(response.error) ?? "messaging/unknown-error";
        if (GONE.has(reason)) return { kind: "gone", reason };
        return { kind: "failed", reason, transient: TRANSIENT.has(reason) };
      });
    },
  };
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}
