// CSV files the API hands out (RFC 4180): every cell quoted when it needs to be, lines ended by CRLF.
// Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return) as a formula, so such
// a cell gets a leading apostrophe (OWASP "CSV injection"): an admin-typed charity name like
// "=HYPERLINK(...)" stays text when the statement is opened.

const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | null | undefined;

/** One cell: formula guard, then quoting when it holds a quote, comma or line break. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A negative amount of centsAsDecimal ("-1.00", a refund in a statement) is a number, not a formula.
  if (FORMULA_START.test(text) && !/^-\d+\.\d\d$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: a header row, then the rows. */
export const toCsv = (rows: readonly (readonly CsvCell[])[]) => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

/** Cents as a plain decimal amount for spreadsheets: 999 → "9.99" (no currency sign, no grouping). */
export const centsAsDecimal = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
