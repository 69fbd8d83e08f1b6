import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { NotificationDelivery, NotificationProvider, NotificationRecipientStatus } from "./notifications.actors";

/** A recipient's delivery status, in the user's words. */
export const recipientStatusLabels: Record<NotificationRecipientStatus, MessageDescriptor> = {
  queued: msg({ message: "Queued", comment: "Delivery status: waiting for its push" }),
  sent: msg({ message: "Sent", comment: "Delivery status: the push provider accepted it" }),
  failed: msg({ message: "Failed", comment: "Delivery status: the push provider refused it" }),
  no_device: msg({ message: "No device", comment: "Delivery status: the observer has no registered phone" }),
  not_pushed: msg({ message: "Not pushed", comment: "Delivery status: recorded only, no push provider configured" }),
};

/** The history's counts are keyed in camelCase; the same statuses in the same order. */
export const STATUS_COUNT_KEYS = [
  ["queued", "queued"],
  ["sent", "sent"],
  ["failed", "failed"],
  ["no_device", "noDevice"],
  ["not_pushed", "notPushed"],
] as const;

export const providerLabels: Record<NotificationProvider, MessageDescriptor> = {
  firebase: msg({ message: "Firebase Cloud Messaging", comment: "Push provider name" }),
  outbox: msg({ message: "Outbox (recorded, not pushed)", comment: "Push provider: none configured, notifications are only recorded" }),
};

export const composerMessages = {
  incomplete: msg({ message: "Not all fields have been completed", comment: "Alert: a send asked for with the title, the message or the recipients missing" }),
  outboxWarning: msg({
    message: "No push provider is configured: the notification will be recorded, but not pushed to any phone.",
    comment: "Shown before sending when the server has no Firebase account and Web Push is off",
  }),
  webPushOnlyWarning: msg({
    message: "No push provider is configured for the phone apps: the notification will be pushed only to observers who turned on notifications in the observers' web app.",
    comment: "Shown before sending when the server has no Firebase account but pushes to the observers' web app (Web Push)",
  }),
};

/** The composer's warning before a send that will not push to every phone app; null when Firebase pushes. */
export function deliveryWarning(delivery: NotificationDelivery | null): MessageDescriptor | null {
  if (delivery?.provider !== "outbox") return null;
  return delivery.webPush ? composerMessages.webPushOnlyWarning : composerMessages.outboxWarning;
}
