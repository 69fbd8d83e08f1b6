import { DEMO_ACCOUNTS } from "../accounts.ts";
import type { NotificationPlan, ObserverPlan } from "../plan.ts";
import type { Ids, Tx } from "./ids.ts";
import type { NgoIds } from "./ngos.ts";

/** What a notification says, and when it was sent (one time per notification of a round). */
export interface NotificationContent { title: string; message: string; sentAt: Date }

/** The organizer admin's notifications in round `roundId`, with their recipients (`recipients[i]` those of `notifications[i]`). */
export async function insertNotifications(
  trx: Tx,
  roundId: number,
  notifications: readonly NotificationContent[],
  recipients: NotificationPlan[],
  observerIds: Ids,
  ngoIds: NgoIds,
) {
  if (notifications.length === 0) return;
  const sender = DEMO_ACCOUNTS[0];
  const rows = await trx
    .insertInto("notification")
    .values(
      notifications.map((notification) => ({
        electionRoundId: roundId,
        title: notification.title,
        message: notification.message,
        channel: "Firebase",
        senderFrom: "Monitorizare Vot",
        senderAdminId: ngoIds.admins.get(sender.user)!,
        senderNgoId: ngoIds.ngos.get(sender.ngoId)!,
        sentAt: notification.sentAt,
      })),
    )
    .returning(["id", "sentAt"])
    .execute();
  const recipientRows = notifications.flatMap((notification, index) => {
    const id = rows.find((row) => row.sentAt.getTime() === notification.sentAt.getTime())!.id;
    return recipients[index]!.recipients.map((phone) => ({ notificationId: id, observerId: observerIds.get(phone)! }));
  });
  if (recipientRows.length > 0) await trx.insertInto("notificationRecipient").values(recipientRows).execute();
}

/** Push registrations of the observers with a device. */
export async function insertRegistrations(trx: Tx, observers: ObserverPlan[], observerIds: Ids) {
  const registrations = observers
    .filter((observer) => observer.fcmToken !== null)
    .map((observer) => ({
      observerId: observerIds.get(observer.phone)!,
      channelName: "Firebase",
      token: observer.fcmToken!,
      updatedAt: observer.deviceRegisterDate!,
    }));
  if (registrations.length > 0) await trx.insertInto("notificationRegistration").values(registrations).execute();
}
