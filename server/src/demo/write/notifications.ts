import { DEMO_ACCOUNTS } from "../accounts.ts";
import { NOTIFICATIONS } from "../content/texts.ts";
import type { ObserverPlan, SeedPlan } from "../plan.ts";
import type { Ids, Tx } from "./ids.ts";
import type { NgoIds } from "./ngos.ts";

/** The organizer admin's notifications with their recipients, and the devices registered to receive them. */
export async function insertNotifications(trx: Tx, plan: SeedPlan, observerIds: Ids, ngoIds: NgoIds) {
  const sender = DEMO_ACCOUNTS[0];
  const rows = await trx
    .insertInto("notification")
    .values(
      NOTIFICATIONS.map((notification) => ({
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
  const recipients = NOTIFICATIONS.flatMap((notification, index) => {
    const id = rows.find((row) => row.sentAt.getTime() === notification.sentAt.getTime())!.id;
    return plan.notifications[index]!.recipients.map((phone) => ({ notificationId: id, observerId: observerIds.get(phone)! }));
  });
  if (recipients.length > 0) await trx.insertInto("notificationRecipient").values(recipients).execute();
  await insertRegistrations(trx, plan.observers, observerIds);
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
