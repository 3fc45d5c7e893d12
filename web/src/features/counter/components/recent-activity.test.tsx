import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CounterActivityItem } from '@shared/contract/index.ts';
import { RecentActivity } from './recent-activity';

const item = (over: Partial<CounterActivityItem>): CounterActivityItem => ({
  type: 'deal', id: '1', dealId: 'd', dealTitle: 'Latte', memberNumber: 100042, points: null, purchaseAmountCents: null,
  createdAt: '2026-11-26T10:00:00Z', undone: false, undoUntil: null, memberFirstName: 'Dana', actedBy: 'Tess Till', flag: null, locationId: null, locationName: null, ...over,
});

/** The list as text (React's text separators removed). */
const text = (items: CounterActivityItem[]) =>
  renderToString(<RecentActivity items={items} nowMs={Date.parse('2026-11-26T10:01:00Z')} undoingId={null} onUndo={() => {}} />)
    .replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('RecentActivity (decision 166)', () => {
  it('shows the member’s first name with the number, and who did it', () => {
    const shown = text([item({})]);
    expect(shown).toContain('Latte · Dana #100042');
    expect(shown).toContain('by Tess Till');
    expect(shown).not.toContain('Flagged');
  });

  it('labels a flagged redemption with its reason', () => {
    expect(text([item({ flag: 'per_member_limit' })])).toContain('Flagged: Over the per-member limit');
    expect(text([item({ flag: 'pass_reused', actedBy: null })])).toContain('Flagged: The same pass was already used for this deal');
  });

  it('falls back to the number when the member is gone', () => {
    const shown = text([item({ type: 'accrual', points: 50, purchaseAmountCents: 1000, memberFirstName: null })]);
    expect(shown).toContain('+50 pts on $10.00 · #100042');
  });
});
