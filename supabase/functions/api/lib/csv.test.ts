import { describe, expect, it } from 'vitest';
import { centsAsDecimal, csvCell, toCsv } from './csv.ts';

describe('csv', () => {
  it('quotes cells holding quotes, commas or line breaks, and doubles the quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('keeps cells that start like a formula as text', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a=b')).toBe('a=b');
    // Refunds in a statement: a negative amount stays a number; anything more after it does not.
    expect(csvCell(centsAsDecimal(-999))).toBe('-9.99');
    expect(csvCell('-9.99+cmd')).toBe("'-9.99+cmd");
  });

  it('builds a file with CRLF lines and decimal amounts', () => {
    expect(toCsv([['A', 'B'], ['1', 'x,y']])).toBe('A,B\r\n1,"x,y"\r\n');
    expect([999, 100, 5, 0, 123456].map(centsAsDecimal)).toEqual(['9.99', '1.00', '0.05', '0.00', '1234.56']);
  });
});
