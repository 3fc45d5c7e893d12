/** One CSV cell: text or a number (numbers are written as they are). */
export type CsvCell = string | number;

/**
 * A text cell a spreadsheet would read as a formula (OWASP "CSV injection"): starting with = + - @, or with a
 * tab or carriage return that some spreadsheets skip before looking for one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** RFC 4180 quoting, with text that could run as a formula prefixed by a single quote. */
export function csvCell(value: CsvCell): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows to CSV text: comma-separated, CRLF line ends (RFC 4180). */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Cents as dollars with two decimals, for CSV cells (no currency sign, so spreadsheets read a number). */
export const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

/** Saves CSV text as a file download (a UTF-8 BOM so spreadsheets read names with accents correctly). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
