import { checkReportScope } from "../scope.ts";
import { resolveStations } from "../stations.ts";
import { createAttachmentSigner } from "../../attachments/signing.ts";
import { scopeOf } from "../../auth/scope.ts";
import { json, type AdminHandlers, type Handlers, type JsonResponseOf, roundIdOf } from "../../http/handler.ts";
import { fail } from "../../problem.ts";
import { readNoteForm } from "./note-form.ts";
import { listNotes } from "./query.ts";
import { createNote } from "./store.ts";

/** Observers send notes with photos. */
export const noteHandlers: Handlers = {
  createNote: async ({ request, principal, round, deps }) => {
    if (principal?.kind !== "observer") throw fail.forbidden("Only observers send notes.");
    const form = await readNoteForm(request);
    const roundId = roundIdOf(round);
    const [station] = (await resolveStations(deps.db, roundId, [{ ref: form, field: "" }])).values();
    const key = { observerId: principal.observerId, pollingStationId: station!.id };
    const now = deps.clock();
    const noteId = await createNote(deps.db, deps.files, { roundId, observerId: principal.observerId, station: station!, form }, now);
    const [note] = await listNotes(deps.db, createAttachmentSigner(deps.config.token.secret), { ...key, noteId }, now);
    return json(201, note! satisfies JsonResponseOf<"createNote", 201>);
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
