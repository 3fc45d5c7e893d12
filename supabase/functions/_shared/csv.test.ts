import { describe, expect, it } from 'vitest';
import { csvCell, toCsv, type CsvCell } from './csv.ts';
import { centsAsDecimal } from './money.ts';

describe('CSV', () => {
  it.each<[CsvCell, string]>([
    ['plain', 'plain'],
    ['Coffee, tea', '"Coffee, tea"'],
    ['The "best" latte', '"The ""best"" latte"'],
    ['two\nlines', '"two\nlines"'],
    [' padded ', '" padded "'],
    [null, ''],
    [undefined, ''],
    [42, '42'],
  ])('quotes cells with commas, quotes, line breaks or edge spaces (RFC 4180), doubling the quotes: %j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each<[CsvCell, string]>([
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+1 free', "'+1 free"],
    ['-1', "'-1"],
    ['-20% off', "'-20% off"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\tx', "'\tx"],
    ['20% Off', '20% Off'],
    ['a=b', 'a=b'],
    // Numbers are figures, never formulas.
    [-5, '-5'],
    [Number.NaN, ''],
    // Refunds in a statement: a negative amount stays a number; anything more after it does not.
    [centsAsDecimal(-999), '-9.99'],
    ['-9.99+cmd', "'-9.99+cmd"],
  ])('defuses text a spreadsheet would run as a formula: %j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('builds a file with CRLF lines', () => {
    expect(toCsv([['A', 'B'], ['1', 'x,y']])).toBe('A,B\r\n1,"x,y"\r\n');
    expect(toCsv([['Date', 'A, B'], ['2026-11-23', 3]])).toBe('Date,"A, B"\r\n2026-11-23,3\r\n');
  });
});
