// Fails when a message of the source lacks its Romanian translation: extracts first, so new messages count.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

execFileSync("lingui", ["extract", "--clean"], { stdio: ["ignore", "ignore", "inherit"] });

interface Entry {
  id: string;
  translation: string;
}

/** Reads msgid/msgstr pairs of a PO file, joining continued lines. */
export function readPo(text: string): Entry[] {
  const entries: Entry[] = [];
  let current: { id: string[]; str: string[] } | null = null;
  let field: "id" | "str" | null = null;
  const unquote = (line: string) => JSON.parse(line) as string;
  const flush = () => {
    if (current && current.id.join("") !== "") entries.push({ id: current.id.join(""), translation: current.str.join("") });
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith("msgid ")) {
      flush();
      current = { id: [unquote(line.slice(6))], str: [] };
      field = "id";
    } else if (line.startsWith("msgstr ") && current) {
      current.str.push(unquote(line.slice(7)));
      field = "str";
    } else if (line.startsWith('"') && current && field) {
      current[field].push(unquote(line));
    }
  }
  flush();
  return entries;
}

let missingCount = 0;
for (const catalog of ["messages", "first-screen", "observer"]) {
  const romanian = readPo(readFileSync(`src/locales/ro/${catalog}.po`, "utf8"));
  const missing = romanian.filter((entry) => entry.translation.trim() === "");
  for (const entry of missing) console.log(`missing ro translation in ${catalog}.po: ${entry.id}`);
  console.log(`ro ${catalog} catalog: ${romanian.length} messages, ${missing.length} missing`);
  missingCount += missing.length;
}
process.exit(missingCount === 0 ? 0 : 1);
