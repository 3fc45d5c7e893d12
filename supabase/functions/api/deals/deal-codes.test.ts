import { describe, expect, it } from 'vitest';
import { DEAL_CODE_STEP_SECONDS } from '../../_shared/constants.ts';
import { dealCodeAt } from '../../_shared/deal-code.ts';
import { hexToBytes } from '../../_shared/encoding.ts';
import { codesOf } from './deals.ts';

const deal = (n: number) => ({ id: `0d000000-0000-4000-8000-${String(n).padStart(12, '0')}`, secret: String(n).repeat(64).slice(0, 64) });

describe('codesOf (the codes of a page of deals)', () => {
  const page = [deal(1), deal(2), deal(3)];
  const now = 1_700_000_040_000;

  it('answers each deal with the code its own secret gives at that time, in the page order', async () => {
    const codes = await codesOf(page, now);
    const expected = await Promise.all(page.map((d) => dealCodeAt(hexToBytes(d.secret), now)));
    expect(codes).toEqual(expected);
  });

  it('answers from the codes derived earlier in the same step, and derives again in the next step', async () => {
    const first = await codesOf(page, now);
    const again = await codesOf(page, now + 1_000);
    again.forEach((code, i) => expect(code).toBe(first[i])); // the same objects: nothing derived again
    const next = await codesOf(page, now + DEAL_CODE_STEP_SECONDS * 1000);
    expect(next.map((code) => code.step)).toEqual(page.map(() => first[0]!.step + 1));
    expect(next).toEqual(await Promise.all(page.map((d) => dealCodeAt(hexToBytes(d.secret), now + DEAL_CODE_STEP_SECONDS * 1000))));
  });

  it('derives only what is missing when a page mixes known and new deals', async () => {
    const known = await codesOf([deal(1)], now);
    const mixed = await codesOf([deal(4), deal(1)], now);
    expect(mixed[1]).toBe(known[0]);
    expect(mixed[0]).toEqual(await dealCodeAt(hexToBytes(deal(4).secret), now));
  });
});
