import type { Principal } from "../auth/principal.ts";
import { createAttachmentSigner } from "../attachments/signing.ts";
import { isRoundArchived } from "../db/violations.ts";
import type { AppDependencies } from "../deps.ts";
import type { JsonResponseOf } from "../http/handler.ts";
import { readInstant } from "../http/instant.ts";
import { requestFingerprint } from "../idempotency.ts";
import { earlierAnswer, writeOnce, type ObserverKey, type WriteAnswer } from "../observer-idempotency.ts";
import { ProblemError } from "../problem.ts";
import { submitAnswers } from "../reports/answers/submit.ts";
import { noteAsSent } from "../reports/notes/note-form.ts";
import { listNotes } from "../reports/notes/query.ts";
import { createNote } from "../reports/notes/store.ts";
import { resolveStations, type RetiredStations, type StationRef } from "../reports/stations.ts";
import { archivedRound, resolveRound } from "../rounds/resolve.ts";
import { recordArrival, recordDeparture } from "../visits/store.ts";
import type { OutboxEntry, OutboxWrite } from "./outbox-file.ts";

export type ItemReport = JsonResponseOf<"importObserverOutbox", 200>["items"][number];
type Observer = Extract<Principal, { kind: "observer" }>;

/** The body the item's operation fingerprints its Idempotency-Key with (the note's, as noteAsSent reads it). */
const sentBody = (write: OutboxWrite) => (write.kind === "note" ? noteAsSent(write.form) : write.body);

/**
 * Performs one item as the observer's own request would (answers/routes.ts, visits/routes.ts, notes/routes.ts), in
 * its own transaction with the claim of its id: a refusal is reported and the next item goes on.
 */
export async function performItem(deps: AppDependencies, observer: Observer, entry: OutboxEntry): Promise<ItemReport> {
  const { write } = entry;
  const report = { id: entry.id, kind: write.kind };
  const key: ObserverKey = {
    observerId: observer.observerId,
    key: entry.id,
    fingerprint: requestFingerprint(write.operation, { electionRoundId: entry.roundId }, sentBody(write)),
  };
  try {
    // Asked first, so that an item sent before its round was archived (or its station retired) is already there.
    if (await earlierAnswer(deps.db, key)) return { ...report, outcome: "already_there" };
    const round = await resolveRound(deps.db, entry.roundId, observer, true);
    const { replayed } = await perform(deps, observer.observerId, round.id, key, write);
    return { ...report, outcome: replayed ? "already_there" : "imported" };
  } catch (error) {
    const problem = error instanceof ProblemError ? error.body : isRoundArchived(error) ? archivedRound(entry.roundId).body : null;
    if (!problem) throw error;
    return { ...report, outcome: "refused", status: problem.status, code: problem.code, ...(problem.detail ? { detail: problem.detail } : {}) };
  }
}

function perform(deps: AppDependencies, observerId: number, roundId: number, key: ObserverKey, write: OutboxWrite): Promise<WriteAnswer & { replayed: boolean }> {
  const now = deps.clock();
  switch (write.kind) {
    case "answers":
      return writeOnce(deps.db, key, async (trx) => {
        await submitAnswers(trx, roundId, observerId, write.body.answers, now);
        return { status: 204, body: null };
      });
    case "arrival":
      return writeOnce(deps.db, key, async (trx) => {
        const visit = await visitKey(trx, observerId, roundId, write.body, "refuse");
        const { observerArrivalTime, urbanArea, isPollingStationPresidentFemale } = write.body;
        const arrival = { time: readInstant("observerArrivalTime", observerArrivalTime), urbanArea, isPresidentFemale: isPollingStationPresidentFemale };
        return { status: 200, body: await recordArrival(trx, visit, arrival, now) };
      });
    case "departure":
      return writeOnce(deps.db, key, async (trx) => {
        const visit = await visitKey(trx, observerId, roundId, write.body, "accept");
        return { status: 200, body: await recordDeparture(trx, visit, readInstant("observerLeaveTime", write.body.observerLeaveTime), now) };
      });
    case "note":
      return performNote(deps, observerId, roundId, key, write.form, now);
  }
}

async function visitKey(db: Parameters<typeof resolveStations>[0], observerId: number, roundId: number, station: StationRef, retired: RetiredStations) {
  const stations = await resolveStations(db, roundId, [{ ref: station, field: "" }], retired);
  return { roundId, observerId, pollingStationId: [...stations.values()][0]!.id };
}

async function performNote(deps: AppDependencies, observerId: number, roundId: number, key: ObserverKey, form: Extract<OutboxWrite, { kind: "note" }>["form"], now: Date) {
  const [station] = (await resolveStations(deps.db, roundId, [{ ref: form, field: "" }])).values();
  const signer = createAttachmentSigner(deps.config.token.secret);
  return createNote(deps.db, deps.files, { roundId, observerId, station: station!, form }, now, (insert) =>
    writeOnce(deps.db, key, async (trx) => {
      const noteId = await insert(trx);
      const [note] = await listNotes(trx, signer, { observerId, pollingStationId: station!.id, noteId }, now);
      return { status: 201, body: note! };
    }),
  );
}
