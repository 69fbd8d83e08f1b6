import { hashSecret, PASSWORD_COST } from "../../../auth/password.ts";
import { SETUP_TIME } from "../../content/calendar.ts";
import type { Tx } from "../../write/ids.ts";
import { FIRST_SCALE_NGO, SCALE_ACCOUNTS, SCALE_NGOS } from "../content.ts";

/** Hashed before the transaction opens; in SCALE_ACCOUNTS' order. */
export const hashScalePasswords = () => Promise.all(SCALE_ACCOUNTS.map((account) => hashSecret(account.password, PASSWORD_COST)));

/** The dataset's added NGOs and their admins; answers the rows written. */
export async function insertScaleNgos(trx: Tx, passwordHashes: string[]): Promise<number> {
  const ngos = await trx
    .insertInto("ngo")
    .values(SCALE_NGOS.map((ngo) => ({ ...ngo, createdAt: SETUP_TIME })))
    .returning(["id", "shortName"])
    .execute();
  const idOf = (position: number) => ngos.find((row) => row.shortName === SCALE_NGOS[position - FIRST_SCALE_NGO]!.shortName)!.id;
  await trx
    .insertInto("ngoAdmin")
    .values(SCALE_ACCOUNTS.map((account, index) => ({ ngoId: idOf(account.ngoId), account: account.user, passwordHash: passwordHashes[index]!, createdAt: SETUP_TIME })))
    .execute();
  return ngos.length + SCALE_ACCOUNTS.length;
}
