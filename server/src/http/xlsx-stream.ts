import { streamZip, type ZipEntryWriter, type ZipStream } from "./zip-stream.ts";

export type Cell = string | number | boolean | null | { text: string; hyperlink: string };

/** Adds sheets to a streamed workbook; rows reach the client as they are written. */
export interface SheetWriter {
  /** Starts a sheet with a bold header row; the previous sheet is finished first. */
  sheet(name: string, header: string[]): Promise<void>;
  /** One row of the current sheet; waits when the client reads slower than the rows come. */
  row(cells: Cell[]): Promise<void>;
  /** True once the client has gone: writers stop reading the database. */
  readonly closed: boolean;
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships";
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Excel refuses a cell longer than this. */
const MAX_CELL_TEXT = 32_767;

/**
 * Streams the workbook `write` builds, as SpreadsheetML written by hand: each row becomes XML text deflated straight
 * into the response, so memory stays flat however many rows there are (a general-purpose library keeps an object
 * per row and cell and lets its zip run ahead of a slow client). Strings are inline (no shared-string table to
 * hold), the header row is bold, a hyperlink cell is text with a link.
 */
export function streamWorkbook(write: (writer: SheetWriter) => Promise<void>): ReadableStream<Uint8Array> {
  return streamZip(async (zip) => {
    const sheets: string[] = [];
    let current: { rows: number; links: SheetLinks; writer: ZipEntryWriter; done: () => void } | undefined;
    let sheetFinished: Promise<void> = Promise.resolve();

    /** The sheet's XML is one zip entry, open from `sheet()` until the next sheet or the end. */
    const startSheet = (name: string) =>
      new Promise<void>((started) => {
        const index = sheets.push(name);
        sheetFinished = zip.entry(`xl/worksheets/sheet${index}.xml`, (entry) =>
          new Promise<void>((done) => {
            current = { rows: 0, links: new SheetLinks(), writer: entry, done };
            void entry.write(`${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheetData>`).then(() => started());
          }),
        );
        // Awaited in endSheet; until then a failure must not count as unhandled.
        sheetFinished.catch(() => undefined);
      });

    const endSheet = async () => {
      if (!current) return;
      const { links, writer, done } = current;
      await writer.write(`</sheetData>${links.xml()}</worksheet>`);
      done();
      await sheetFinished;
      if (links.count > 0) await zip.entry(`xl/worksheets/_rels/sheet${sheets.length}.xml.rels`, (entry) => entry.write(links.rels()));
      current = undefined;
    };

    // Not async: most rows only join the zip's batch, and a million rows need not make a million promises.
    const writeRow = (cells: Cell[], bold: boolean) => {
      const sheet = current!;
      sheet.rows += 1;
      return sheet.writer.write(rowXml(sheet.rows, cells, bold, sheet.links));
    };

    const writer: SheetWriter = {
      get closed() {
        return zip.closed;
      },
      async sheet(name, header) {
        await endSheet();
        await startSheet(name);
        await writeRow(header, true);
      },
      row: (cells) => writeRow(cells, false),
    };

    await write(writer);
    if (zip.closed) return;
    await endSheet();
    await writePackageParts(zip, sheets);
  });
}

/** A sheet's hyperlinks: one relationship per distinct address, one reference per linked cell. */
class SheetLinks {
  private readonly ids = new Map<string, number>();
  private readonly cells: string[] = [];

  get count(): number {
    return this.cells.length;
  }

  add(ref: string, target: string): void {
    let id = this.ids.get(target);
    if (id === undefined) this.ids.set(target, (id = this.ids.size + 1));
    this.cells.push(`<hyperlink ref="${ref}" r:id="rId${id}"/>`);
  }

  xml(): string {
    return this.cells.length === 0 ? "" : `<hyperlinks>${this.cells.join("")}</hyperlinks>`;
  }

  rels(): string {
    const relationships = [...this.ids].map(
      ([target, id]) => `<Relationship Id="rId${id}" Type="${RELATIONSHIPS}/hyperlink" Target="${escapeXml(target)}" TargetMode="External"/>`,
    );
    return `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${relationships.join("")}</Relationships>`;
  }
}

function rowXml(number: number, cells: Cell[], bold: boolean, links: SheetLinks): string {
  let xml = `<row r="${number}">`;
  for (const [index, cell] of cells.entries()) {
    if (cell === null || cell === undefined) continue;
    const ref = `${columnName(index)}${number}`;
    const style = bold ? ' s="1"' : "";
    if (typeof cell === "number") xml += `<c r="${ref}"${style}><v>${cell}</v></c>`;
    else if (typeof cell === "boolean") xml += `<c r="${ref}"${style} t="b"><v>${cell ? 1 : 0}</v></c>`;
    else {
      const text = typeof cell === "string" ? cell : cell.text;
      if (typeof cell === "object") links.add(ref, cell.hyperlink);
      xml += `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(text.slice(0, MAX_CELL_TEXT))}</t></is></c>`;
    }
  }
  return `${xml}</row>`;
}

/** A, B, …, Z, AA, AB, … */
function columnName(index: number): string {
  let name = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPING = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** Text as XML character data; characters XML cannot carry at all (NUL and other controls) are dropped. */
function escapeXml(text: string): string {
  // Most cells (names, codes, option texts) have nothing to escape: one scan instead of two replacements.
  if (!NEEDS_ESCAPING.test(text)) return text;
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "").replace(/[&<>"]/g, (character) => ESCAPES[character] ?? character);
}

/** The package around the sheets: content types, relationships, the workbook and its two styles (plain, bold). */
async function writePackageParts(zip: ZipStream, sheets: string[]): Promise<void> {
  const sheetTypes = sheets.map(
    (_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  );
  const parts: [string, string][] = [
    [
      "[Content_Types].xml",
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
        `${sheetTypes.join("")}</Types>`,
    ],
    [
      "_rels/.rels",
      `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      "xl/workbook.xml",
      `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>` +
        sheets.map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("") +
        `</sheets></workbook>`,
    ],
    [
      "xl/_rels/workbook.xml.rels",
      `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
        sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join("") +
        `<Relationship Id="rId${sheets.length + 1}" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      "xl/styles.xml",
      `<styleSheet xmlns="${MAIN}">` +
        `<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
        `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
        `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
        `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
        `<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>` +
        `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>` +
        `</styleSheet>`,
    ],
  ];
  for (const [name, xml] of parts) await zip.entry(name, (entry) => entry.write(xml.startsWith("<?xml") ? xml : XML + xml));
}
