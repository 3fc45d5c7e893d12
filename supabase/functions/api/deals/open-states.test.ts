// The plain member list's open states (decision 209): read once for the locations not kept, kept until the rule says
// they change and for a minute at most.
import { describe, expect, it } from 'vitest';
import { openStatesAt, type OpenStateReader } from './deals.ts';

const T0 = Date.parse('2026-11-28T19:00:00Z');

function reader(changesAt: Record<string, string | null>) {
  const calls: string[][] = [];
  const read: OpenStateReader = async (ids) => {
    calls.push(ids);
    return new Map(ids.filter((id) => id in changesAt).map((id) => [id, {
      openNow: true, openText: 'Open now · closes 18:00', changesAt: changesAt[id] ? new Date(changesAt[id]!) : null,
    }] as const));
  };
  return { read, calls };
}

describe('openStatesAt', () => {
  it('reads the locations it does not hold in one call, none when it holds them all', async () => {
    const { read, calls } = reader({ a1: '2026-11-29T01:00:00Z', b1: null });
    const first = await openStatesAt(['a1', 'b1', 'c1', 'a1'], T0, read);
    expect(calls).toEqual([['a1', 'b1', 'c1']]);
    expect(first.get('a1')).toEqual({ openNow: true, openText: 'Open now · closes 18:00' });
    expect(first.get('c1')).toBeNull(); // no published hours
    await openStatesAt(['a1', 'b1', 'c1'], T0 + 30_000, read);
    expect(calls).toHaveLength(1);
  });

  it('reads a state again once it changes, and after a minute at most', async () => {
    const { read, calls } = reader({ a2: '2026-11-28T19:00:20Z', b2: '2026-11-30T00:00:00Z' });
    await openStatesAt(['a2', 'b2'], T0, read);
    await openStatesAt(['a2', 'b2'], T0 + 20_000, read); // a2 closes at 19:00:20
    expect(calls[1]).toEqual(['a2']);
    await openStatesAt(['b2'], T0 + 60_000, read);
    expect(calls[2]).toEqual(['b2']);
  });
});
