import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PublicLocation } from '@shared/contract/index.ts';
import BusinessLocations from './business-locations';

const location = (over: Partial<PublicLocation>): PublicLocation => ({
  id: 'l1', name: null, address: '1 Main St, Lyons, CO', openNow: null, openText: null, hours: [], nextException: null, ...over,
});

/** The section as text (React's text separators removed). */
const text = (locations: PublicLocation[] | undefined) =>
  renderToString(<BusinessLocations locations={locations} />).replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('BusinessLocations (issue 40)', () => {
  it('shows each location, its open state in the server\'s words, its week and the next change', () => {
    const shown = text([
      location({
        name: 'Downtown', openNow: true, openText: 'Open now · closes 18:00',
        hours: [{ weekday: 1, opensAt: '09:00', closesAt: '18:00' }, { weekday: 5, opensAt: '09:00', closesAt: '18:00' },
          { weekday: 5, opensAt: '20:00', closesAt: '02:00' }],
        nextException: { date: '2026-12-24', note: 'Christmas Eve', hours: [{ opensAt: '09:00', closesAt: '13:00' }] },
      }),
      location({ id: 'l2', address: '2 River Rd', openNow: false, openText: 'Opens Tue 11:00', hours: [{ weekday: 2, opensAt: '11:00', closesAt: '15:00' }],
        nextException: { date: '2026-12-25', note: null, hours: [] } }),
    ]);
    expect(shown).toMatch(/^Locations Downtown 1 Main St, Lyons, CO Open now · closes 18:00 Mon 09:00–18:00 Tue Closed/);
    expect(shown).toContain('Fri 09:00–18:00, 20:00–02:00 Sat Closed Sun Closed Dec 24, 2026: 09:00–13:00 (Christmas Eve)');
    expect(shown).toContain('2 River Rd Opens Tue 11:00 Mon Closed Tue 11:00–15:00');
    expect(shown).toContain('Dec 25, 2026: closed');
  });

  it('says only where a location is when it publishes no hours', () => {
    expect(text([location({})])).toBe('Location 1 Main St, Lyons, CO');
  });

  it('shows nothing until the locations come (a cached card stands in)', () => {
    expect(text(undefined)).toBe('');
    expect(text([])).toBe('');
  });
});
