/** Romanian letters with diacritics (comma and cedilla forms) as `search_text` holds them (migration 016). */
const PLAIN: Record<string, string> = { ă: "a", â: "a", î: "i", ș: "s", ş: "s", ț: "t", ţ: "t" };

/** The words of a search, each lower-cased and without Romanian diacritics, as `search_text` is written. */
export function searchWords(search: string | undefined): string[] {
  if (search === undefined) return [];
  return search
    .toLowerCase()
    .replace(/[ăâîșşțţ]/g, (letter) => PLAIN[letter]!)
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

/** A LIKE pattern that finds `word` anywhere, its `\`, `%` and `_` taken literally. */
export const containing = (word: string) => `%${word.replace(/[\\%_]/g, "\\$&")}%`;
