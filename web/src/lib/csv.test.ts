import { describe, expect, it } from 'vitest';
import { centsToDollars, csvCell, toCsv } from './csv';

describe('CSV', () => {
  it('quotes cells with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Coffee, tea')).toBe('"Coffee, tea"');
    expect(csvCell('The "best" latte')).toBe('"The ""best"" latte"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(toCsv([['Date', 'A, B'], ['2026-11-23', 3]])).toBe('Date,"A, B"\r\n2026-11-23,3\r\n');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1 free')).toBe("'+1 free");
    expect(csvCell('-20% off')).toBe("'-20% off");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('20% Off')).toBe('20% Off');
    // Numbers are figures, never formulas.
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('writes cents as dollars', () => {
    expect(centsToDollars(999)).toBe('9.99');
    expect(centsToDollars(0)).toBe('0.00');
  });
});
