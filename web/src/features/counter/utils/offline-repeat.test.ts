import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/lib/outbox/outbox-entry';
import { offlineRepeatRefusal } from './offline-repeat';

const T = Date.UTC(2026, 10, 26, 15, 0, 0);
const entry = (body: object, status: OutboxEntry['status'] = 'pending', kind = 'counter.verify-code'): OutboxEntry => ({
  method: 'POST', url: '/api/merchant/verify-code', body, label: 'x', kind, key: crypto.randomUUID(), userId: 'u', createdAt: T, status, attempts: 0,
});
const queued = [entry({ code: '123456', memberNumber: 100042, dealId: 'd1', verifiedAt: new Date(T).toISOString() })];

describe('offlineRepeatRefusal', () => {
  it('refuses the same member and deal inside the window, with when it works again', () => {
    const refusal = offlineRepeatRefusal(queued, { dealId: 'd1', memberNumber: 100042, perMemberLimit: 'day', nowMs: T + 3600_000 });
    expect(refusal?.status).toBe(409);
    expect(JSON.parse(refusal!.body).availableAt).toBe(new Date(T + 24 * 3600_000).toISOString());
    expect(offlineRepeatRefusal(queued, { dealId: 'd1', memberNumber: 100042, perMemberLimit: 'once', nowMs: T + 40 * 24 * 3600_000 })?.status).toBe(409);
  });

  it('recognises an entry queued with the member number as typed digits (the server replays those too)', () => {
    const typed = [entry({ code: '123456', memberNumber: '#100 042', dealId: 'd1', verifiedAt: new Date(T).toISOString() })];
    const use = { dealId: 'd1', memberNumber: 100042, perMemberLimit: 'day' as const, nowMs: T + 3600_000 };
    expect(offlineRepeatRefusal(typed, use)?.status).toBe(409);
    expect(offlineRepeatRefusal(typed, { ...use, memberNumber: 100043 })).toBeNull();
  });

  it('lets through another member, another deal, a deal without a limit, a use past the window and failed entries', () => {
    const base = { dealId: 'd1', memberNumber: 100042, perMemberLimit: 'day' as const, nowMs: T + 3600_000 };
    expect(offlineRepeatRefusal(queued, { ...base, memberNumber: 100043 })).toBeNull();
    expect(offlineRepeatRefusal(queued, { ...base, dealId: 'd2' })).toBeNull();
    expect(offlineRepeatRefusal(queued, { ...base, perMemberLimit: 'none' })).toBeNull();
    expect(offlineRepeatRefusal(queued, { ...base, nowMs: T + 25 * 3600_000 })).toBeNull();
    expect(offlineRepeatRefusal([{ ...queued[0], status: 'failed' }], base)).toBeNull();
    expect(offlineRepeatRefusal([entry({ points: 5, memberNumber: 100042 }, 'pending', 'counter.earn')], base)).toBeNull();
  });
});
