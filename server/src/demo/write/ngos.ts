import { hashSecret } from "../../auth/password.ts";
import { DEMO_ACCOUNTS } from "../accounts.ts";
import { SETUP_TIME } from "../content/calendar.ts";
import { DEMO_NGOS } from "../content/ngos.ts";
import type { Ids, Tx } from "./ids.ts";

export interface NgoIds {
  /** By position in DEMO_NGOS, from 1 (DEMO_ACCOUNTS' `ngoId`, the plan's `ngo`). */
  ngos: Map<number, number>;
  /** By account (the admin's phone). */
  admins: Ids;
}

/** Hashed before the transaction opens, so that it stays short; in DEMO_ACCOUNTS' order. */
export const hashAdminPasswords = (cost: number) => Promise.all(DEMO_ACCOUNTS.map((account) => hashSecret(account.password, cost)));

/** NGOs and their admins. */
export async function insertNgos(trx: Tx, passwordHashes: string[]): Promise<NgoIds> {
  const ngos = await trx
    .insertInto("ngo")
    .values(DEMO_NGOS.map((ngo) => ({ ...ngo, createdAt: SETUP_TIME })))
    .returning(["id", "shortName"])
    .execute();
  const ngoIds = new Map(DEMO_NGOS.map((ngo, index) => [index + 1, ngos.find((row) => row.shortName === ngo.shortName)!.id]));
  const admins = await trx
    .insertInto("ngoAdmin")
    .values(
      DEMO_ACCOUNTS.map((account, index) => ({
        ngoId: ngoIds.get(account.ngoId)!,
        account: account.user,
        passwordHash: passwordHashes[index]!,
        createdAt: SETUP_TIME,
      })),
    )
    .returning(["id", "account"])
    .execute();
  return { ngos: ngoIds, admins: new Map(admins.map((admin) => [admin.account, admin.id])) };
}
