import { checkReportScope } from "../scope.ts";
import { resolveStations } from "../stations.ts";
import { createAttachmentSigner } from "../../attachments/signing.ts";
import { scopeOf } from "../../auth/scope.ts";
import { json, type AdminHandlers, type Handlers, type JsonResponseOf, roundIdOf } from "../../http/handler.ts";
import { fail } from "../../problem.ts";
import { answerOf, earlierAnswer, observerKeyOf, writeOnce, type WriteAnswer } from "../../observer-idempotency.ts";
import { noteAsSent, readNoteForm } from "./note-form.ts";
import { listNotes, resignNote, type Note } from "./query.ts";
import { createNote } from "./store.ts";

/** Observers send notes with photos. */
export const noteHandlers: Handlers = {
  createNote: async ({ request, principal, round, deps }) => {
    if (principal?.kind !== "observer") throw fail.forbidden("Only observers send notes.");
    const { observerId } = principal;
    const form = await readNoteForm(request);
    const roundId = roundIdOf(round);
    const key = observerKeyOf(request, observerId, "createNote", roundId, noteAsSent(form));
    const now = deps.clock();
    const signer = createAttachmentSigner(deps.config.token.secret);
    const replay = (earlier: WriteAnswer) => answerOf({ ...earlier, body: resignNote(earlier.body as Note, signer, now), replayed: true });
    // A resend of a saved note is answered before its photos would be stored a second time.
    const earlier = key && (await earlierAnswer(deps.db, key));
    if (earlier) return replay(earlier);
    const [station] = (await resolveStations(deps.db, roundId, [{ ref: form, field: "" }])).values();
    const answer = await createNote(deps.db, deps.files, { roundId, observerId, station: station!, form }, now, (insert) =>
      writeOnce(deps.db, key, async (trx) => {
        const noteId = await insert(trx);
        const [note] = await listNotes(trx, signer, { observerId, pollingStationId: station!.id, noteId }, now);
        return { status: 201, body: note! satisfies JsonResponseOf<"createNote", 201> };
      }),
    );
    return answer.replayed ? replay(answer) : answerOf(answer);
  },
};

/** Staff read the notes of their scope's observers. */
export const noteAdminHandlers: AdminHandlers = {
  listNotes: async ({ query, admin, round, deps }) => {
    const key = { observerId: query.idObserver, pollingStationId: query.idPollingStation };
    await checkReportScope(deps.db, scopeOf(admin), roundIdOf(round), key);
    const signer = createAttachmentSigner(deps.config.token.secret);
    const notes = await listNotes(deps.db, signer, { ...key, questionId: query.idQuestion }, deps.clock());
    return json(200, notes satisfies JsonResponseOf<"listNotes", 200>);
  },
};
