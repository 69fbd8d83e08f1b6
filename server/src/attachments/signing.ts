import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a URL handed to staff stays valid. */
const LIFETIME_SECONDS = 60 * 60;
/**
 * Expiries are rounded up to this step, so that the same attachment gets the same URL for a while and the
 * browser's cache can serve it again.
 */
const EXPIRY_STEP_SECONDS = 10 * 60;

export interface AttachmentSigner {
  /** The relative, signed URL of `getAttachment` for this attachment. */
  url(id: number, now: Date): string;
  /** Seconds the URL stays valid, or null when its signature is wrong or it has expired. */
  remainingSeconds(id: number, expires: number, signature: string, now: Date): number | null;
}

/**
 * Attachment URLs signed with HMAC-SHA256 over the path and the expiry. The key is derived from the server's
 * token secret for this one purpose, so that no extra secret has to be configured and a signature can never
 * pass for a token or the other way round.
 */
export function createAttachmentSigner(serverSecret: Uint8Array): AttachmentSigner {
  const key = createHmac("sha256", serverSecret).update("attachment-url-v1").digest();
  const pathOf = (id: number) => `/api/v1/attachment/${id}`;
  const sign = (id: number, expires: number) => createHmac("sha256", key).update(`${pathOf(id)}\n${expires}`).digest();
  return {
    url(id, now) {
      const expires = Math.ceil((now.getTime() / 1000 + LIFETIME_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
      return `${pathOf(id)}?expires=${expires}&signature=${sign(id, expires).toString("base64url")}`;
    },
    remainingSeconds(id, expires, signature, now) {
      const given = Buffer.from(signature, "base64url");
      const expected = sign(id, expires);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const remaining = expires - Math.floor(now.getTime() / 1000);
      return remaining > 0 ? remaining : null;
    },
  };
}
