import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone, checkOfferRules, excludedDatesText, minSpendRefusal, normalizeOfferRules, offerRulesInput, type OfferRules,
  rulesText, weekdaysText,
} from './offer-rules.ts';

const DENVER = 'America/Denver';
const rules = (r: Partial<OfferRules>): OfferRules => normalizeOfferRules(r)!;

describe('rulesText', () => {
  it('writes the rules and the per-member limit as one sentence', () => {
    expect(rulesText(rules({
      weekdays: [1, 2, 3, 4], startTime: '11:00', endTime: '15:00', minSpendCents: 2000,
      excludedDates: ['2026-12-24', '2026-12-25', '2026-12-26'], note: 'Dine-in only',
    }), 'week')).toBe('Mon–Thu, 11:00–15:00 · spend $20 or more · not Dec 24–26 · once a week per member · Dine-in only');
  });

  it('states the per-member limit alone for a deal without rules', () => {
    expect(rulesText(null, 'day')).toBe('Once a day per member');
    expect(rulesText(null, 'none')).toBe('No per-member limit');
    expect(rulesText(rules({ minSpendCents: 1999 }), 'once')).toBe('Spend $19.99 or more · once per member');
  });

  it('writes runs of days as ranges and dates across months', () => {
    expect(weekdaysText([1, 3, 5])).toBe('Mon, Wed, Fri');
    expect(weekdaysText([6, 7])).toBe('Sat, Sun');
    expect(weekdaysText([1, 2, 3, 5, 6, 7])).toBe('Mon–Wed, Fri–Sun');
    expect(excludedDatesText(['2026-12-31', '2027-01-01', '2027-02-14'])).toBe('Dec 31–Jan 1, Feb 14');
  });
});

describe('offerRulesInput', () => {
  it('normalizes: sorted unique days, every day is no rule, nothing set is null', () => {
    expect(offerRulesInput.parse({ weekdays: [4, 1, 1], excludedDates: ['2026-12-25', '2026-12-24'] }))
      .toEqual({ weekdays: [1, 4], startTime: null, endTime: null, minSpendCents: null, excludedDates: ['2026-12-24', '2026-12-25'], note: null });
    expect(offerRulesInput.parse({ weekdays: [1, 2, 3, 4, 5, 6, 7], note: '  ' })).toBeNull();
    expect(offerRulesInput.parse(null)).toBeNull();
  });

  it('refuses what cannot be read, naming the field', () => {
    const issues = (input: unknown) => offerRulesInput.safeParse(input).error?.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    expect(issues({ weekdays: [0] })).toEqual(['weekdays.0 must be ISO weekdays, 1 (Monday) to 7 (Sunday)']);
    expect(issues({ startTime: '11:00' })).toEqual(['endTime is required with the other end of the time window']);
    expect(issues({ startTime: '24:00', endTime: '02:00' })).toEqual(['startTime must be a time written HH:MM (00:00 to 23:59)']);
    expect(issues({ startTime: '10:00', endTime: '10:00' })).toEqual(['endTime must differ from the start time (leave both out for the whole day)']);
    expect(issues({ note: 'x'.repeat(201) })).toEqual(['note must be at most 200 characters']);
    expect(issues({ excludedDates: ['2026-02-30'] })?.[0]).toMatch(/^excludedDates.0 /);
    expect(issues({ days: [1] })?.[0]).toMatch(/unknown field/);
  });
});

describe('checkOfferRules', () => {
  const at = (iso: string) => Date.parse(iso);
  it('allows any moment without time rules', () => {
    expect(checkOfferRules(null, at('2026-11-28T10:00:00Z'), DENVER)).toEqual({ ok: true });
    expect(checkOfferRules(rules({ minSpendCents: 500 }), at('2026-11-28T10:00:00Z'), DENVER)).toEqual({ ok: true });
  });

  it('reads the window in the business time zone, end excluded', () => {
    const lunch = rules({ weekdays: [1, 2, 3, 4], startTime: '11:00', endTime: '15:00' });
    // Thu 26 Nov 2026: 11:00 MST = 18:00Z.
    expect(checkOfferRules(lunch, at('2026-11-26T18:00:00Z'), DENVER)).toEqual({ ok: true });
    expect(checkOfferRules(lunch, at('2026-11-26T21:59:59Z'), DENVER)).toEqual({ ok: true });
    expect(checkOfferRules(lunch, at('2026-11-26T22:00:00Z'), DENVER)).toEqual({
      ok: false, rule: 'hours', message: 'This deal is valid 11:00–15:00 only. It is now Thursday 26 Nov, 15:00 here.',
      availableAt: '2026-11-30T18:00:00.000Z', // Friday to Sunday are not Mon–Thu: Monday 11:00
    });
    expect(checkOfferRules(lunch, at('2026-11-27T19:00:00Z'), DENVER)).toMatchObject({
      ok: false, rule: 'weekdays', message: 'This deal is valid Mon–Thu only. It is now Friday 27 Nov, 12:00 here.',
    });
  });

  it('gives a window past midnight to the day it starts on', () => {
    const late = rules({ weekdays: [5], startTime: '22:00', endTime: '02:00' });
    expect(checkOfferRules(late, at('2026-11-28T08:59:00Z'), DENVER)).toEqual({ ok: true }); // Sat 01:59, Friday's window
    expect(checkOfferRules(late, at('2026-11-28T09:00:00Z'), DENVER)).toMatchObject({ ok: false, rule: 'hours', availableAt: '2026-12-05T05:00:00.000Z' });
    expect(checkOfferRules(late, at('2026-11-29T05:30:00Z'), DENVER)).toMatchObject({ ok: false, rule: 'weekdays' }); // Sat 22:30
  });

  it('refuses an excluded date, and the window past midnight of the day before it', () => {
    const evenings = rules({ startTime: '22:00', endTime: '02:00', excludedDates: ['2026-12-24'] });
    expect(checkOfferRules(evenings, at('2026-12-25T06:00:00Z'), DENVER)).toMatchObject({
      ok: false, rule: 'excludedDates', message: 'This deal is not valid on Dec 24. It is now Thursday 24 Dec, 23:00 here.',
      availableAt: '2026-12-26T05:00:00.000Z',
    });
    expect(checkOfferRules(evenings, at('2026-12-25T08:00:00Z'), DENVER)).toMatchObject({ ok: false, rule: 'excludedDates' }); // Fri 01:00
  });

  it('follows both DST changes in Denver', () => {
    const early = rules({ startTime: '01:30', endTime: '03:30' });
    // 2026-03-08: 02:00 MST jumps to 03:00 MDT. 01:59 MST = 08:59Z is inside; 03:30 MDT = 09:30Z closes it.
    expect(checkOfferRules(early, at('2026-03-08T08:59:00Z'), DENVER)).toEqual({ ok: true });
    expect(checkOfferRules(early, at('2026-03-08T09:29:00Z'), DENVER)).toEqual({ ok: true });
    expect(checkOfferRules(early, at('2026-03-08T09:30:00Z'), DENVER)).toMatchObject({ ok: false, availableAt: '2026-03-09T07:30:00.000Z' });
    // 2026-11-01: 02:00 MDT falls back to 01:00 MST; 01:30 happens twice and opens at the later (standard) one.
    expect(checkOfferRules(early, at('2026-11-01T07:00:00Z'), DENVER)).toMatchObject({ ok: false, availableAt: '2026-11-01T08:30:00.000Z' });
    expect(checkOfferRules(early, at('2026-11-01T07:30:00Z'), DENVER)).toEqual({ ok: true }); // 01:30 MDT, inside by the clock
    const spring = rules({ startTime: '02:30', endTime: '05:00' });
    expect(checkOfferRules(spring, at('2026-03-08T08:00:00Z'), DENVER)).toMatchObject({ ok: false, availableAt: '2026-03-08T09:30:00.000Z' });
  });

  it('checks the minimum spend apart', () => {
    const r = rules({ minSpendCents: 2000 });
    expect(minSpendRefusal(r, 2000)).toBeNull();
    expect(minSpendRefusal(r, 1999)).toBe('This deal needs a spend of $20 or more: this purchase is $19.99');
    expect(minSpendRefusal(r, null)).toBe('Enter the purchase amount: this deal needs a spend of $20 or more');
    expect(minSpendRefusal(null, null)).toBeNull();
  });

  it('knows IANA zones', () => {
    expect(canonicalTimeZone('america/denver')).toBe('America/Denver');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });
});
