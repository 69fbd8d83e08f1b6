import type { Locator, Page } from "playwright-core";
import type { Locale } from "../../../src/shared/i18n/locales";
import { STATION_WORDS, stationControls, type DiffKind, type StationImport } from "../polling-stations";
import { locate, stateOf, textOf, textsOf, valueOf } from "./locate";

/** The import (/sectii/import) in Chromium: the same readings and gestures as its DOM driver (dom/polling-stations.ts). */
export function stationImport(page: Page, locale: Locale = "en"): StationImport {
  const controls = stationControls(STATION_WORDS[locale]);
  const at = (target: Parameters<typeof locate>[1]) => locate(page, target);
  const tableRows = async (table: Locator) =>
    Promise.all((await table.locator("tbody tr").all()).map((row) => textsOf(locate(row, controls.cell))));
  const countOf = async (kind: "added" | "changed" | "retired" | "unchanged") => (await textOf(at(controls.count(kind)).locator("> :first-child"))) ?? "";
  const optional = async <T>(locator: Locator, read: () => Promise<T>) => ((await locator.count()) > 0 ? read() : null);
  return {
    stepHeading: async () => (await textsOf(at(controls.stepHeading)))[0] ?? null,
    chosenFile: async () => /^(?:Chosen file|Fișier ales): (.*)$/.exec((await textOf(at(controls.chosenFile))) ?? "")?.[1] ?? null,
    progress: () => textOf(at(controls.progress)),
    columns: async () =>
      Object.fromEntries(
        await page
          .locator("input[data-testid^='station-import-column-']")
          .evaluateAll((selects) => selects.map((select) => [select.getAttribute("data-testid")!.replace("station-import-column-", ""), (select as HTMLInputElement).value])),
      ),
    counts: async () =>
      optional(at(controls.count("added")), async () => ({
        added: await countOf("added"),
        changed: await countOf("changed"),
        retired: await countOf("retired"),
        unchanged: await countOf("unchanged"),
      })),
    tabs: () => textsOf(at(controls.tab)),
    diffRows: (kind: DiffKind) => tableRows(at(controls.diffTable(kind))),
    retireMissing: async () => (await valueOf(at(controls.retireMissing))) as boolean | null,
    commitButton: async () => optional(at(controls.commit), async () => ({ text: (await textOf(at(controls.commit))) ?? "", state: await stateOf(at(controls.commit)) })),
    badRows: () => tableRows(at(controls.badRows)),
    failure: () => textOf(at(controls.loadError)),
    done: () => textOf(at(controls.done)),
    cancelState: () => stateOf(at(controls.cancel)),

    async chooseFile(file) {
      await at(controls.fileInput).setInputFiles({ name: file.name, mimeType: file.type || "text/csv", buffer: Buffer.from(await file.arrayBuffer()) });
    },
    async chooseColumn(field, header) {
      const select = at({ testId: `station-import-column-${field}` });
      const chosen = (await valueOf(select)) as string;
      if ((header ?? "") === chosen) return;
      await select.click();
      // The options are in a portal; choosing the chosen one again deselects it.
      await at(controls.option(header ?? chosen)).click();
    },
    submitMapping: () => at(controls.checkMapping).click(),
    editMapping: () => at(controls.changeColumns).click(),
    openTab: (kind) => at(controls.diffTab(kind)).click(),
    toggleRetireMissing: () => at(controls.retireMissing).click({ force: true }),
    commit: () => at(controls.commit).click(),
    commitTwice: () => at(controls.commit).dblclick(),
    retry: () => at(controls.retry).click(),
    restart: () => at(controls.restart).click(),
    cancel: () => at(controls.cancel).click(),
  };
}
