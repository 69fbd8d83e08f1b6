/** One cell of a CSV export: text, a number, or empty. */
export type Cell = string | number | null;

/**
 * A spreadsheet runs a cell starting with = + - @ as a formula (CSV injection); a leading ' keeps it text. Every
 * segment that could become a cell counts, not only the value's start: a spreadsheet whose list separator is `;`
 * (the Romanian locale's) splits `Ion;=1+1` into two cells.
 */
const FORMULA_SEGMENT = /(^|[,;\n])([\t\r ]*[=+\-@])/g;

/** A CSV field (RFC 4180: quoted when it holds a quote, a comma or a line break); text is kept from running as a formula. */
export function csvField(value: Cell, isText: boolean): string {
  let text = value === null ? "" : String(value);
  if (isText) text = text.replace(FORMULA_SEGMENT, "$1'$2");
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
