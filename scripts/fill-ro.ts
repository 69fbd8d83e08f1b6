// Fills empty Romanian translations of both catalogs (messages.po, and first-screen.po, its subset for the login
// route) from the translations messages.po already has and from `.scratch-obs/ro-*.json` files
// ({ "<msgid>": "<traducere>" }), so that several people can translate in parallel without editing PO files by hand.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";

const CATALOGS = ["src/locales/ro/messages.po", "src/locales/ro/first-screen.po", "src/locales/ro/observer.po"];
const folder = ".scratch-obs";

/** msgid → msgstr of the single-line entries of a PO file (the format lingui writes here), translated ones only. */
function translated(path: string): Record<string, string> {
  const found: Record<string, string> = {};
  const lines = existsSync(path) ? readFileSync(path, "utf8").split("\n") : [];
  for (let index = 0; index < lines.length - 1; index++) {
    const id = /^msgid (".+")$/.exec(lines[index])?.[1];
    const str = /^msgstr (".+")$/.exec(lines[index + 1])?.[1];
    if (id && str) found[JSON.parse(id) as string] = JSON.parse(str) as string;
  }
  return found;
}

const translations: Record<string, string> = translated(CATALOGS[0]);
for (const file of (existsSync(folder) ? readdirSync(folder) : []).filter((name) => /^ro-.*\.json$/.test(name))) {
  Object.assign(translations, JSON.parse(readFileSync(`${folder}/${file}`, "utf8")) as Record<string, string>);
}

for (const path of CATALOGS.filter((candidate) => existsSync(candidate))) {
  const lines = readFileSync(path, "utf8").split("\n");
  let filled = 0;
  for (let index = 0; index < lines.length - 1; index++) {
    const id = /^msgid (".*")$/.exec(lines[index])?.[1];
    if (id === undefined || lines[index + 1] !== 'msgstr ""' || lines[index + 2]?.startsWith('"')) continue;
    const translation = translations[JSON.parse(id) as string];
    if (translation) {
      lines[index + 1] = `msgstr ${JSON.stringify(translation)}`;
      filled++;
    }
  }
  writeFileSync(path, lines.join("\n"));
  console.log(`${path}: filled ${filled} Romanian translations`);
}
