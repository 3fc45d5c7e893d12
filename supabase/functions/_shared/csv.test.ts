import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';
import { centsAsDecimal } from './money.ts';

describe('CSV', () => {
  it('quotes cells with commas, quotes, line breaks or edge spaces (RFC 4180), and doubles the quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Coffee, tea')).toBe('"Coffee, tea"');
    expect(csvCell('The "best" latte')).toBe('"The ""best"" latte"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1 free')).toBe("'+1 free");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('-20% off')).toBe("'-20% off");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('20% Off')).toBe('20% Off');
    expect(csvCell('a=b')).toBe('a=b');
    // Numbers are figures, never formulas.
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(Number.NaN)).toBe('');
    // Refunds in a statement: a negative amount stays a number; anything more after it does not.
    expect(csvCell(centsAsDecimal(-999))).toBe('-9.99');
    expect(csvCell('-9.99+cmd')).toBe("'-9.99+cmd");
  });

  it('builds a file with CRLF lines', () => {
    expect(toCsv([['A', 'B'], ['1', 'x,y']])).toBe('A,B\r\n1,"x,y"\r\n');
    expect(toCsv([['Date', 'A, B'], ['2026-11-23', 3]])).toBe('Date,"A, B"\r\n2026-11-23,3\r\n');
  });
});
