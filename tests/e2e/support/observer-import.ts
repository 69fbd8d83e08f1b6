import type { Locator, Page } from "playwright-core";
import { textsOf } from "../../pages/browser/locate";

/**
 * The observer import (/observatori/import), which only the journeys drive (its component tests hand the
 * dropzone a file directly): choose a CSV, read the report of the rows to correct.
 */
export function observerImport(page: Page) {
  const report: Locator = page.getByRole("table", { name: "Rows to correct" });
  return {
    report,
    /** Hands a CSV to the dropzone's hidden file input and waits for its preview. */
    async chooseCsv(name: string, lines: string[]) {
      await page.setInputFiles("input[type=file]", { name, mimeType: "text/csv", buffer: Buffer.from(lines.join("\n") + "\n") });
      await page.getByText(`Chosen file: ${name}`).waitFor();
      await page.getByRole("heading", { name: "Preview of the first rows" }).waitFor();
    },
    /** The report's rows as [line, column, problem]. */
    async reportRows(): Promise<string[][]> {
      return Promise.all((await report.locator("tbody tr").all()).map((row) => textsOf(row.locator("td"))));
    },
  };
}
