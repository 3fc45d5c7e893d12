import { describe, expect, it } from 'vitest';
import { memberNumberToLookUp, parseCode, parseDollarsToCents, parsePoints } from './counter-input';

type Reading = [typed: string, read: number | string | null];

/** What the counter makes of what staff type: each parser, with what is typed and its reading (null: refused). */
const parsers: [name: string, parse: (typed: string) => number | string | null, readings: Reading[]][] = [
  ['parseDollarsToCents', parseDollarsToCents, [['19.99', 1999], ['$1,250', 125000], ['0.5', 50], ['0', null], ['1.234', null], ['-3', null]]],
  ['parsePoints', parsePoints, [['1,000', 1000], ['0', null], ['2.5', null]]],
  ['parseCode', parseCode, [['123 456', '123456'], ['123-456', '123456'], ['12345', null]]],
  // A member number is looked up only once it has the digits of a whole one: '012345' is 12345, and no member
  // number is that short.
  ['memberNumberToLookUp', memberNumberToLookUp, [
    ['1', null], ['10', null], ['100', null], ['1000', null], ['10000', null],
    ['100001', 100001], [' #1 000 002 ', 1000002], ['012345', null], ['abc', null],
  ]],
];

describe.each(parsers)('counter input: %s', (_name, parse, readings) => {
  it.each(readings)('reads %j as %j', (typed, read) => {
    expect(parse(typed)).toBe(read);
  });
});
