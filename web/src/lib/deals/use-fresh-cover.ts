import { useEffect } from 'react';
import { connectivity } from '../network/connectivity';

/** How often an online app renews its offline cover, so going offline always leaves ~11–12 hours of codes. */
const COVER_REFRESH_MS = 60 * 60 * 1000;

/**
 * Keeps an offline-codes answer fresh while online (decision 060): refetches an hour after it was issued,
 * and as soon as the network returns. The query cache itself stays "never stale" as the spec asks.
 */
export function useFreshCover(issuedAt: string | undefined, refetch: () => unknown, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const onOnline = () => void refetch();
    connectivity.addEventListener('online', onOnline);
    const age = issuedAt ? Date.now() - Date.parse(issuedAt) : Infinity;
    const timer = Number.isFinite(age) ? setTimeout(() => connectivity.isOnline() && void refetch(), Math.max(0, COVER_REFRESH_MS - age)) : undefined;
    return () => {
      connectivity.removeEventListener('online', onOnline);
      clearTimeout(timer);
    };
  }, [issuedAt, refetch, enabled]);
}
