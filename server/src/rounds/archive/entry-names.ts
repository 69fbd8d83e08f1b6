/**
 * A name from the database (an observer's file name, a form's code) as one segment of an entry's path: no folder
 * separators, control characters or leading dots, so that unpacking the archive cannot write outside its folder.
 */
export function safeSegment(name: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001F\u007F/\\:*?"<>|]+/g, "_").replace(/^[.\s]+/, "").trim().slice(0, 100);
  return cleaned === "" ? fallback : cleaned;
}
