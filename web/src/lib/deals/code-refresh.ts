import { useEffect } from 'react';
import { connectivity } from '../network/connectivity';

// When the queries that hold deal codes ask the server again: once the first code on screen has expired, and,
// for a device's offline cover, an hour after it was issued and whenever the network returns.

/** Calls `onExpire` once the earliest of `expiresAt` (ISO strings) has passed: codes refresh by themselves. */
export function useRefreshAtExpiry(expiresAt: readonly (string | null | undefined)[], onExpire: () => void): void {
  const times = expiresAt.filter((v): v is string => Boolean(v)).map((v) => new Date(v).getTime());
  const earliest = times.length ? Math.min(...times) : null;
  useEffect(() => {
    if (earliest === null) return;
    // A small margin so the server is surely in the next step when we ask.
    const timer = setTimeout(onExpire, Math.max(0, earliest - Date.now()) + 250);
    return () => clearTimeout(timer);
  }, [earliest, onExpire]);
}

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
