import type { QueryClient } from '@tanstack/react-query';
import { clockTime, dayAndTime } from '../dates';

/** The newest time any cached answer came from the server (restored answers keep theirs), or null. */
export function lastServerUpdateAt(queryClient: QueryClient): number | null {
  let newest = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status === 'success' && query.state.dataUpdatedAt > newest) newest = query.state.dataUpdatedAt;
  }
  return newest || null;
}

/**
 * "Offline — last updated 3:07 PM" (today) or "… Mar 5, 3:07 PM" (an earlier day, the app's date pattern
 * MMM d, h:mm a), or "Offline — nothing saved yet" when this device has no data from the server.
 */
export function offlineLabel(lastUpdatedAt: number | null, now: number): string {
  if (lastUpdatedAt === null) return 'Offline — nothing saved on this device yet';
  const when = new Date(lastUpdatedAt);
  const sameDay = when.toDateString() === new Date(now).toDateString();
  const text = sameDay ? clockTime(when) : dayAndTime(when).replace(' at ', ', ');
  return `Offline — last updated ${text}`;
}
