// Fills empty Romanian translations from `.scratch-obs/ro-*.json` files ({ "<msgid>": "<traducere>" }),
// so that several people can translate in parallel without editing the same PO file by hand.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";

const folder = ".scratch-obs";
const translations: Record<string, string> = {};
for (const file of (existsSync(folder) ? readdirSync(folder) : []).filter((name) => /^ro-.*\.json$/.test(name))) {
  Object.assign(translations, JSON.parse(readFileSync(`${folder}/${file}`, "utf8")) as Record<string, string>);
}
const path = "src/locales/ro/messages.po";
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
console.log(`filled ${filled} Romanian translations`);
