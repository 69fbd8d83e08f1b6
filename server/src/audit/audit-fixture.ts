import { expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import type { SignedInServer } from "../../test/fixtures.ts";

export type AuditEntry = components["schemas"]["AuditEntry"];
export type AuditActor = components["schemas"]["AuditActor"];

/** Any entry id: the log's ids are the database's to choose. */
export const anyId = expect.any(Number) as number;

/** The log's newest id: the entries after it are the ones a test's own calls wrote. */
export async function lastAuditId(api: SignedInServer): Promise<number> {
  const row = await api.db().selectFrom("auditEntry").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
  return row?.id ?? 0;
}

/** The entries written after `after`, oldest first, read through the API (whose answers the harness checks). */
export async function auditSince(api: SignedInServer, after: number): Promise<AuditEntry[]> {
  const response = await api.get("/api/v1/audit?pageSize=200", api.organizer);
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as components["schemas"]["AuditPage"];
  return data.filter((entry) => entry.id > after).reverse();
}

/** Runs the calls and answers the entries they wrote. */
export async function auditOf(api: SignedInServer, calls: () => Promise<unknown>): Promise<AuditEntry[]> {
  const after = await lastAuditId(api);
  await calls();
  return auditSince(api, after);
}

/** The demo organizer (0700000001) and NGO 2's admin (0700000002) as the log names them. */
export async function demoActors(api: SignedInServer): Promise<{ organizer: AuditActor; ngo2Admin: AuditActor; ngoName: (id: number) => Promise<string> }> {
  const ngoName = async (id: number) => (await api.db().selectFrom("ngo").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name;
  const actor = async (account: string, ngoId: number): Promise<AuditActor> => {
    const { id } = await api.db().selectFrom("ngoAdmin").select("id").where("account", "=", account).executeTakeFirstOrThrow();
    return { adminId: id, account, ngoName: await ngoName(ngoId) };
  };
  return { organizer: await actor("0700000001", 1), ngo2Admin: await actor("0700000002", 2), ngoName };
}
