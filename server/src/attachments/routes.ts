import type { Handlers } from "../http/handler.ts";
import { fail } from "../problem.ts";
import { createAttachmentSigner } from "./signing.ts";

/** Note photos, reachable without a token through the signed URLs that listNotes and createNote hand out. */
export const attachmentHandlers: Handlers = {
  getAttachment: async ({ path, query, deps }) => {
    const signer = createAttachmentSigner(deps.config.token.secret);
    const remaining = signer.remainingSeconds(path.id, query.expires, query.signature, deps.clock());
    if (remaining === null) throw fail.forbidden("The link is not valid or has expired.");
    const attachment = await deps.db
      .selectFrom("noteAttachment")
      .select(["storageKey", "mimeType"])
      .where("id", "=", path.id)
      .executeTakeFirst();
    const bytes = attachment ? await deps.files.get(attachment.storageKey) : null;
    if (!attachment || !bytes) throw fail.notFound(`No attachment with id ${path.id}.`);
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        "content-type": attachment.mimeType,
        "cache-control": `private, max-age=${remaining}`,
        "x-content-type-options": "nosniff",
        "content-disposition": "inline",
      },
    });
  },
};
