/**
 * Runs of spaces, line breaks and characters that do not show or that change how the rest shows: C0 and C1 controls,
 * format characters (bidi overrides such as U+202E, which makes `photo\u202Egnp.exe` read `photoexe.png`; zero-width
 * spaces and joiners; the BOM) and lone surrogates.
 */
const HIDDEN = /[\p{White_Space}\p{Cc}\p{Cf}\p{Cs}]+/gu;
const MAX_LENGTH = 200;

/**
 * An attachment's name as staff see it (and as a browser's download name): the last path segment of what the phone
 * sent, composed (NFC, so that Romanian diacritics stay one letter each), each run of hidden characters one plain
 * space if it held a space, tab or line break and nothing otherwise, at most 200 characters cut between code points;
 * `image` if nothing is left.
 */
export function attachmentName(sent: string): string {
  const visible = sent.normalize("NFC").replace(HIDDEN, (run) => (/\p{White_Space}/u.test(run) ? " " : ""));
  const last = (visible.split(/[\\/]/).pop() ?? "").trim();
  return [...last].slice(-MAX_LENGTH).join("").trim() || "image";
}
