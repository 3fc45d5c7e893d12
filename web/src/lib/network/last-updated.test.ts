import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { lastServerUpdateAt, offlineLabel } from './last-updated';

describe('offline indicator text', () => {
  const now = new Date(2026, 2, 5, 18, 0).getTime();

  it('shows the time alone for an update today', () => {
    expect(offlineLabel(new Date(2026, 2, 5, 15, 7).getTime(), now)).toBe('Offline — last updated 3:07 PM');
  });

  it('shows the date for an earlier day (MMM d, h:mm a)', () => {
    expect(offlineLabel(new Date(2026, 2, 4, 9, 30).getTime(), now)).toBe('Offline — last updated Mar 4, 9:30 AM');
  });

  it('says so when nothing was ever saved', () => {
    expect(offlineLabel(null, now)).toBe('Offline — nothing saved on this device yet');
  });
});

describe('lastServerUpdateAt', () => {
  it('is the newest successful answer in the cache', () => {
    const client = new QueryClient();
    expect(lastServerUpdateAt(client)).toBeNull();
    client.setQueryData(['a'], 1, { updatedAt: 1000 });
    client.setQueryData(['b'], 2, { updatedAt: 5000 });
    client.setQueryData(['c'], 3, { updatedAt: 3000 });
    expect(lastServerUpdateAt(client)).toBe(5000);
  });
});
