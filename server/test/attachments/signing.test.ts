import { describe, expect, it } from "vitest";
import { createAttachmentSigner } from "../../src/attachments/signing.ts";

const secret = new TextEncoder().encode("a-secret-for-attachment-urls");
const now = new Date("2026-11-22T08:03:20Z");

const parse = (url: string) => {
  const parsed = new URL(url, "http://x");
  return { expires: Number(parsed.searchParams.get("expires")), signature: parsed.searchParams.get("signature")! };
};

describe("createAttachmentSigner", () => {
  const signer = createAttachmentSigner(secret);

  it("signs a URL valid for about an hour, rounded up to ten minutes so that it stays the same for a while", () => {
    const { expires, signature } = parse(signer.url(91, now));
    expect(expires).toBe(Date.parse("2026-11-22T09:10:00Z") / 1000);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signer.url(91, new Date(now.getTime() + 5 * 60_000))).toBe(signer.url(91, now));
    expect(signer.remainingSeconds(91, expires, signature, now)).toBe(expires - now.getTime() / 1000);
  });

  it("refuses another id, another expiry, another secret's signature and an expired URL", () => {
    const { expires, signature } = parse(signer.url(91, now));
    expect(signer.remainingSeconds(92, expires, signature, now)).toBeNull();
    expect(signer.remainingSeconds(91, expires + 1, signature, now)).toBeNull();
    const other = parse(createAttachmentSigner(new TextEncoder().encode("another-secret")).url(91, now));
    expect(signer.remainingSeconds(91, other.expires, other.signature, now)).toBeNull();
    expect(signer.remainingSeconds(91, expires, signature.slice(0, 20), now)).toBeNull();
    expect(signer.remainingSeconds(91, expires, signature, new Date(expires * 1000))).toBeNull();
  });
});
