import { sql } from "kysely";
import { expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import type { SignedInServer } from "../../test/fixtures.ts";

export type NotificationResult = components["schemas"]["NotificationResult"];
export type NotificationPage = components["schemas"]["NotificationPage"];
export type RecipientPage = components["schemas"]["NotificationRecipientPage"];

export const compose = { channel: "Firebase", from: "Monitorizare Vot", title: "Închiderea secțiilor", message: "Trimiteți formularul C." };

/** Request shorthands for the notification operations of one signed-in test server. */
export function notificationApi(api: SignedInServer) {
  const post = (path: string, token: string, json: unknown, key?: string) =>
    api.server.request(path, { method: "POST", token, json, headers: key ? { "idempotency-key": key } : {} });
  return {
    sendTo: (token: string, recipients: number[], key?: string) => post("/api/v1/notification/send", token, { ...compose, recipients }, key),
    sendToAll: (token: string, key?: string) => post("/api/v1/notification/send/all", token, compose, key),
    async accepted(response: Response): Promise<NotificationResult> {
      expect(response.status).toBe(202);
      return (await response.json()) as NotificationResult;
    },
    async history(token: string, query = ""): Promise<NotificationPage> {
      const response = await api.get(`/api/v1/notification/get/all?${query}`, token);
      expect(response.status).toBe(200);
      return (await response.json()) as NotificationPage;
    },
    async recipients(id: number, token: string, query = ""): Promise<RecipientPage> {
      const response = await api.get(`/api/v1/notification/${id}/recipients?${query}`, token);
      expect(response.status).toBe(200);
      return (await response.json()) as RecipientPage;
    },
    /** Live observers of an NGO, each with whether a device is registered on the push channel. */
    async observersOf(ngoId: number): Promise<{ id: number; device: boolean }[]> {
      const { rows } = await sql<{ id: number; device: boolean }>`
        SELECT o.id, EXISTS (SELECT 1 FROM notification_registration g WHERE g.observer_id = o.id AND g.channel_name = 'Firebase') AS device
        FROM observer o WHERE o.ngo_id = ${ngoId} AND o.deleted_at IS NULL ORDER BY o.id`.execute(api.db());
      return rows;
    },
    async notificationCount(): Promise<number> {
      const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM notification`.execute(api.db());
      return rows[0]!.count;
    },
  };
}
