import type { QueryClient } from '@tanstack/react-query';

/** The newest time any cached answer came from the server (restored answers keep theirs), or null. */
export function lastServerUpdateAt(queryClient: QueryClient): number | null {
  let newest = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status === 'success' && query.state.dataUpdatedAt > newest) newest = query.state.dataUpdatedAt;
  }
  return newest || null;
}

const timeOnly = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dateAndTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * "Offline — last updated 3:07 PM" (today) or "… Mar 5, 3:07 PM" (an earlier day, the app's date pattern
 * MMM d, h:mm a), or "Offline — nothing saved yet" when this device has no data from the server.
 */
export function offlineLabel(lastUpdatedAt: number | null, now: number): string {
  if (lastUpdatedAt === null) return 'Offline — nothing saved on this device yet';
  const when = new Date(lastUpdatedAt);
  const sameDay = when.toDateString() === new Date(now).toDateString();
  const text = sameDay ? timeOnly.format(when) : dateAndTime.format(when).replace(' at ', ', ');
  return `Offline — last updated ${text}`;
}
