import type { County } from "./fields.ts";
import { fold } from "./fold.ts";

// "Județul Cluj", "Jud. Cluj", "Municipiul București", "Mun. București", once folded.
const PREFIX = /^(?:judetul|judet|jud|municipiul|mun) /;
/** Other names of the diaspora in official lists: abroad, and its code there. */
const DIASPORA_NAMES = ["diaspora", "strainatate", "sr"];
const BUCHAREST_NAMES = ["bucharest"];

/** A county's code or name as compared: folded, without a prefix, without spaces and hyphens ("Bistrița - Năsăud"). */
const countyKey = (text: string) => fold(text).replace(PREFIX, "").replace(/[^\p{L}\p{N}]/gu, "");

/**
 * Finds the county a cell names, by code or by name in any case, with or without diacritics (ș/ț with a comma or a
 * cedilla) and "Județul"/"Municipiul"; built from the county table, so a county added there is matched too.
 */
export function countyMatcher(counties: readonly County[]): (text: string) => County | undefined {
  const byKey = new Map<string, County>();
  for (const county of counties) {
    byKey.set(countyKey(county.code), county);
    byKey.set(countyKey(county.name), county);
  }
  const alias = (names: string[], county: County | undefined) => {
    for (const name of names) if (county && !byKey.has(name)) byKey.set(name, county);
  };
  alias(DIASPORA_NAMES, counties.find((county) => county.diaspora));
  alias(BUCHAREST_NAMES, byKey.get("bucuresti"));
  // A file names each county in one or two ways over thousands of rows: each spelling is folded once.
  const bySpelling = new Map<string, County | undefined>();
  return (text) => {
    if (!bySpelling.has(text)) bySpelling.set(text, byKey.get(countyKey(text)));
    return bySpelling.get(text);
  };
}
