/** The registry's version as an entity tag: a strong one, quoted. */
export const etagOf = (version: string) => `"${version}"`;

/**
 * Whether an `If-None-Match` header names `etag`: any of its comma-separated tags, compared weakly (a `W/` prefix
 * ignored, as RFC 9110 asks for this header), or `*`.
 */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}
