/**
 * The app's own catalog as a `Say`: the build the journeys run is compiled from the same file, and an entry the
 * translator has not filled yet shows its English source there (Lingui's fallback), so it does here too.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Locale } from "../../../src/shared/i18n/locales";
import { english, interpolate, type Say } from "../forms";

/** The po string literals of one keyword, joined: `msgid ""` followed by `"..."` lines is one string. */
function unquote(literals: string[]): string {
  return literals.map((literal) => JSON.parse(literal) as string).join("");
}

/** msgid → msgstr for every entry (no msgctxt or plurals in this catalog). */
export function readCatalog(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let keyword: "msgid" | "msgstr" | null = null;
  let id: string[] = [];
  let translation: string[] = [];
  const flush = () => {
    if (id.length > 0) entries.set(unquote(id), unquote(translation));
    id = [];
    translation = [];
  };
  for (const line of text.split("\n")) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line);
    if (start) {
      if (start[1] === "msgid") flush();
      keyword = start[1] as "msgid" | "msgstr";
      (keyword === "msgid" ? id : translation).push(start[2]);
    } else if (/^".*"$/.test(line) && keyword) {
      (keyword === "msgid" ? id : translation).push(line);
    } else {
      keyword = null;
    }
  }
  flush();
  return entries;
}

const cache = new Map<Locale, Map<string, string>>();

/** The words of `locale` as the built app shows them; English is the source itself. */
export function catalogSay(locale: Locale): Say {
  if (locale === "en") return english;
  let catalog = cache.get(locale);
  if (!catalog) {
    const path = fileURLToPath(new URL(`../../../src/locales/${locale}/messages.po`, import.meta.url));
    catalog = readCatalog(readFileSync(path, "utf8"));
    cache.set(locale, catalog);
  }
  const entries = catalog;
  return (message, values, id) => interpolate(entries.get(id ?? message) || message, values);
}

