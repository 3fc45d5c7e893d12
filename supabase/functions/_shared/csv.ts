// CSV text (RFC 4180), the one writer for the API's files (charity statements) and the web app's downloads
// (insights): every cell quoted when it needs to be, lines ended by CRLF (decision 178).
//
// Spreadsheets run a text cell that starts with = + - @ (or a tab or carriage return, which some skip before
// looking) as a formula, so such a cell gets a leading apostrophe (OWASP "CSV injection"): an admin-typed
// charity name like "=HYPERLINK(...)" or a deal titled "-20% off" stays text when the file is opened.

const FORMULA_START = /^[=+\-@\t\r]/;
/** A negative plain amount as centsAsDecimal writes it ("-1.00", a refund in a statement): a figure, not a formula. */
const NEGATIVE_AMOUNT = /^-\d+\.\d\d$/;

/** One cell: text, a number (a figure, never a formula) or nothing. */
export type CsvCell = string | number | null | undefined;

/** One cell: formula guard for text, then quoting when it holds a quote, comma, line break or edge spaces. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) && !NEGATIVE_AMOUNT.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole file: a header row, then the rows. */
export const toCsv = (rows: readonly (readonly CsvCell[])[]): string => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
