// npm run demo:stations: writes the demo's polling stations (server/src/demo/content/polling-stations.csv) as the
// electoral authority publishes its list: UTF-8 with a BOM, `;`-separated, Romanian headers, counties upper-case. The
// 19,171 stations of DEMO_COUNTIES (county `code` has 1..`limit`) in real localities with plausible buildings and
// addresses; deterministic, so running it again writes the same file. The demo seed imports it (demo/write/geography.ts).
import { writeFileSync } from "node:fs";
import { DEMO_COUNTIES } from "../server/src/demo/content/counties.ts";
import { countyStations, type StationRow } from "./demo-stations/stations.ts";

const TARGET = new URL("../server/src/demo/content/polling-stations.csv", import.meta.url);
const HEADER = ["Județ", "Nr. SV", "Localitate", "Sediu", "Adresă", "Număr alegători"];

/** The county as official lists write it. */
function officialName(county: { code: string; name: string }): string {
  if (county.code === "D") return "STRĂINĂTATE";
  if (county.code === "B") return "MUNICIPIUL BUCUREȘTI";
  return county.name.toLocaleUpperCase("ro");
}

function line(fields: readonly (string | number | null)[]): string {
  const texts = fields.map((field) => (field === null ? "" : String(field)));
  // The list is written without quoting: a separator, quote or line break in a field would change its columns.
  const bad = texts.find((text) => /[;"\r\n]/.test(text));
  if (bad !== undefined) throw new Error(`field needs quoting: ${bad}`);
  return texts.join(";");
}

const lines = [line(HEADER)];
for (const county of DEMO_COUNTIES) {
  const rows: StationRow[] = countyStations(county.code, county.limit);
  for (const row of rows) lines.push(line([officialName(county), row.number, row.locality, row.institution, row.address, row.registeredVoters]));
}
const text = `\uFEFF${lines.join("\n")}\n`;
writeFileSync(TARGET, text);
console.log(`${lines.length - 1} stations, ${Buffer.byteLength(text)} bytes: ${TARGET.pathname}`);
