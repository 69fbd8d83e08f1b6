import type { Kysely } from "kysely";
import { staffAct } from "../audit/record.ts";
import { scopeOf, type NgoScope } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";
import { json, type AdminHandlers, type JsonResponseOf } from "../http/handler.ts";
import { parseMultipart, readSingle } from "../http/multipart.ts";
import { fail, problem, ProblemError } from "../problem.ts";
import { findManagedObserver } from "../observers/scope.ts";
import { logOutboxImport } from "./import-log.ts";
import { MAX_OUTBOX_BYTES, readOutboxFile } from "./outbox-file.ts";
import { performItem, type ItemReport } from "./perform.ts";

/** Staff bring in what an observer's phone could not send: the items one by one, as the observer would have sent them. */
export const observerOutboxHandlers: AdminHandlers = {
  importObserverOutbox: async ({ request, admin, deps }) => {
    const file = await readFileField(request);
    if (file.size > MAX_OUTBOX_BYTES) throw new ProblemError(problem(413, "payload_too_large", "The file is larger than 60 MiB."));
    const outbox = await readOutboxFile(file);
    const observer = await observerOf(deps.db, scopeOf(admin), outbox.observerPhone);
    const principal = { kind: "observer" as const, observerId: observer.id, phone: outbox.observerPhone, ngoId: observer.ngoId };
    const items: ItemReport[] = [];
    // One after the other, in the observer's order: a later item may build on an earlier one (a departure on its arrival).
    for (const entry of outbox.entries) items.push(await performItem(deps, principal, entry));
    const count = (outcome: ItemReport["outcome"]) => items.filter((item) => item.outcome === outcome).length;
    const body = { items, imported: count("imported"), alreadyThere: count("already_there"), refused: count("refused") };
    await logOutboxImport(deps.db, observer.id, body, staffAct(admin, deps.clock));
    return json(200, body satisfies JsonResponseOf<"importObserverOutbox", 200>);
  },
};

/** The file's observer in the caller's scope; the 404 names the field, not the phone, which another NGO's admin must not learn. */
async function observerOf(db: Kysely<Database>, scope: NgoScope, phone: string) {
  try {
    return await findManagedObserver(db, scope, { phone });
  } catch (error) {
    if (!(error instanceof ProblemError) || error.body.status !== 404) throw error;
    const errors = { observerPhone: [{ code: "not_found" as const, message: "is not the phone of an observer you manage" }] };
    throw new ProblemError(problem(404, "not_found", "No observer you manage has the file's observerPhone.", { errors }));
  }
}

async function readFileField(request: Request): Promise<File> {
  if (!/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "")) {
    throw fail.validation({ body: [{ code: "type", message: "must be sent as multipart/form-data" }] });
  }
  const { body, errors } = await parseMultipart(request, new Set(["file"]));
  const file = readSingle("file", body.file, errors);
  if (file === undefined && !errors.file) errors.file = [{ code: "required", message: "is required" }];
  if (typeof file === "string") errors.file = [{ code: "type", message: "must be a file" }];
  if (Object.keys(errors).length > 0 || !(file instanceof File)) throw fail.validation(errors);
  return file;
}
