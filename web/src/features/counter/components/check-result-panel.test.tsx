import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type CheckResult, CheckResultPanel } from './check-result-panel';

/** Friday 4 Dec 2026, 1:00 PM in Denver. */
const NOW = Date.parse('2026-12-04T20:00:00Z');

const approved = (over: Partial<Extract<CheckResult, { kind: 'approved' }>> = {}): CheckResult => ({
  kind: 'approved', id: 'r1', firstName: 'Maya', pictureUrl: '/objects/maya.jpg', memberNumber: 100042, dealTitle: 'Latte', discount: '10% OFF',
  rulesText: 'Mon–Thu, 11:00–15:00 · once a day per member', usage: 'Used 3 times', undoUntil: new Date(NOW + 4 * 60_000 + 30_000).toISOString(),
  undone: false, ...over,
});

/** The panel as text (React's text separators removed), and its HTML. */
function render(result: CheckResult, props: { timeZone?: string; onUndo?: () => void } = {}) {
  const html = renderToString(<CheckResultPanel result={result} nowMs={NOW} {...props} />).replace(/<!-- -->/g, '');
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

describe('CheckResultPanel (decision 192)', () => {
  it('approves with the member’s name and picture, the deal and its rules, and Undo with the time left', () => {
    const { html, text } = render(approved(), { onUndo: () => {} });
    expect(text).toContain('Approved Maya Latte · 10% OFF Mon–Thu, 11:00–15:00 · once a day per member');
    expect(text).toContain('Member #100042 · Used 3 times');
    expect(html).toContain('src="/objects/maya.jpg"');
    expect(text).toMatch(/Undo Undo possible for 04:30/);
  });

  it('offers no Undo once the 5 minutes are over, once undone, or for a check queued offline', () => {
    expect(render(approved({ undoUntil: new Date(NOW - 1000).toISOString() }), { onUndo: () => {} }).text).not.toContain('Undo');
    const undone = render(approved({ undone: true }), { onUndo: () => {} });
    expect(undone.text).toContain('Undone: the use was given back to the deal.');
    expect(undone.text).not.toContain('Undo possible');
    expect(undone.html).toContain('data-outcome="undone"');
    const queued = render(approved({ undoUntil: null, offline: true, firstName: null, pictureUrl: null, rulesText: null }), { onUndo: () => {} });
    expect(queued.text).not.toContain('Undo');
    // A code typed offline knows no name: the member number stands in, to compare with the member card.
    expect(queued.text).toContain('Approved Member #100042');
    expect(queued.text).toContain('Checked offline');
  });

  it('refuses with the reason and when it works again, in the business’s time zone', () => {
    const refused: CheckResult = {
      kind: 'refused', message: 'This pass was already used for this deal', availableAt: '2026-12-05T12:08:00Z',
      firstName: 'Maya', dealTitle: 'Latte', rulesText: 'Once a day per member',
    };
    const { html, text } = render(refused, { timeZone: 'America/Denver' });
    expect(html).toContain('role="alert"');
    expect(text).toContain('Not approved Maya Latte Once a day per member This pass was already used for this deal');
    expect(text).toContain('Available again Saturday 5 Dec, 5:08 AM');
    // In Tokyo it is already Saturday morning: the same moment is today there.
    expect(render(refused, { timeZone: 'Asia/Tokyo' }).text).toContain('Available again today, 9:08 PM');
  });
});
