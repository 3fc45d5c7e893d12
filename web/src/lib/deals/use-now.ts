import { startTransition, useEffect, useState } from 'react';

/**
 * The current time, re-read every `intervalMs` (countdowns). Each tick renders as a transition: a screen
 * full of countdowns re-renders in small slices and never holds up a tap on a slow phone.
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => startTransition(() => setNow(Date.now())), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

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
