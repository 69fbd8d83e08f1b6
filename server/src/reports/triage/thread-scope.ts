import type { Kysely } from "kysely";
import { checkReportScope } from "../scope.ts";
import type { Admin } from "../../auth/principal.ts";
import { scopeOf } from "../../auth/scope.ts";
import type { Database } from "../../db/schema.ts";
import { roundIdOf, type Round } from "../../http/handler.ts";
import type { ThreadKey } from "../../live/record.ts";
import { fail } from "../../problem.ts";

export type { ThreadKey };

/** The thread a path names, in the request's round. */
export const threadKeyOf = (path: { idObserver: number; idPollingStation: number }, round: Round | null): ThreadKey => ({
  electionRoundId: roundIdOf(round),
  observerId: path.idObserver,
  pollingStationId: path.idPollingStation,
});

/** 404 unless the observer is in the caller's scope and the station is in the round (as for every report of the pair). */
export async function checkThreadScope(db: Kysely<Database>, admin: Admin, key: ThreadKey): Promise<void> {
  await checkReportScope(db, scopeOf(admin), key.electionRoundId, key);
}

/** As `checkThreadScope`, and 404 too when the pair has no answers: only threads have a state, a claim or comments. */
export async function checkThreadExists(db: Kysely<Database>, admin: Admin, key: ThreadKey): Promise<void> {
  await checkThreadScope(db, admin, key);
  const thread = await db
    .selectFrom("answerThread")
    .select("observerId")
    .where("observerId", "=", key.observerId)
    .where("pollingStationId", "=", key.pollingStationId)
    .executeTakeFirst();
  if (!thread) throw fail.notFound(`Observer ${key.observerId} has no answers at polling station ${key.pollingStationId}.`);
}
