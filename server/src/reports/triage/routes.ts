import { createAttachmentSigner } from "../../attachments/signing.ts";
import { scopeOf } from "../../auth/scope.ts";
import { json, noContent, type AdminHandlers, type JsonResponseOf, roundIdOf } from "../../http/handler.ts";
import { idempotencyKeyOf } from "../../idempotency.ts";
import { claimThread, releaseClaim, renewClaim } from "./claims.ts";
import { addComment } from "./comments.ts";
import { setThreadState } from "./review.ts";
import { readTriageSummary } from "./summary.ts";
import { checkThreadExists, checkThreadScope, threadKeyOf } from "./thread-scope.ts";
import { readThreadTriage } from "./timeline.ts";

/** Staff triage of answer threads: review states, claims, comments, timelines and the tab title's count. */
export const triageHandlers: AdminHandlers = {
  getTriageSummary: async ({ admin, round, deps }) =>
    json(200, (await readTriageSummary(deps.db, scopeOf(admin), roundIdOf(round), deps.clock())) satisfies JsonResponseOf<"getTriageSummary", 200>),

  getThreadTriage: async ({ path, admin, round, deps }) => {
    const key = threadKeyOf(path, round);
    await checkThreadScope(deps.db, admin, key);
    const signer = createAttachmentSigner(deps.config.token.secret);
    const triage = await readThreadTriage(deps.db, signer, key, admin.adminId, deps.clock());
    return json(200, triage satisfies JsonResponseOf<"getThreadTriage", 200>);
  },

  setThreadState: async ({ path, body, admin, round, deps }) => {
    const key = threadKeyOf(path, round);
    await checkThreadExists(deps.db, admin, key);
    const review = await setThreadState(deps.db, admin, key, body, deps.clock());
    return json(200, review satisfies JsonResponseOf<"setThreadState", 200>);
  },

  claimThread: async ({ path, body, admin, round, deps }) => {
    const key = threadKeyOf(path, round);
    await checkThreadExists(deps.db, admin, key);
    const claim = await claimThread(deps.db, admin, key, body.takeOver ?? false, deps.clock());
    return json(200, claim satisfies JsonResponseOf<"claimThread", 200>);
  },

  renewThreadClaim: async ({ path, admin, round, deps }) => {
    const key = threadKeyOf(path, round);
    await checkThreadExists(deps.db, admin, key);
    return json(200, (await renewClaim(deps.db, admin, key, deps.clock())) satisfies JsonResponseOf<"renewThreadClaim", 200>);
  },

  releaseThreadClaim: async ({ path, admin, round, deps }) => {
    const key = threadKeyOf(path, round);
    await checkThreadExists(deps.db, admin, key);
    await releaseClaim(deps.db, admin, key, deps.clock());
    return noContent();
  },

  addThreadComment: async ({ path, body, request, admin, round, deps }) => {
    const key = threadKeyOf(path, round);
    const idempotencyKey = idempotencyKeyOf(request);
    await checkThreadExists(deps.db, admin, key);
    const comment = await addComment(deps.db, admin, key, body.text.trim(), idempotencyKey, deps.clock());
    return json(201, comment satisfies JsonResponseOf<"addThreadComment", 201>);
  },
};
