import { useEffect, useSyncExternalStore } from 'react';

/**
 * "Busy" = the person is in the middle of something a reload would break (a redemption at the counter,
 * a code being shown to staff). While anything is busy the app does not offer or apply an update.
 */
const holders = new Set<symbol>();
const listeners = new Set<() => void>();

function notify() {
  listeners.forEach((listener) => listener());
}

/** Marks the app busy until the returned release function is called (idempotent). */
export function holdBusy(reason = 'busy'): () => void {
  const token = Symbol(reason);
  holders.add(token);
  notify();
  return () => {
    if (holders.delete(token)) notify();
  };
}

export function isBusy(): boolean {
  return holders.size > 0;
}

export function subscribeBusy(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useIsBusy(): boolean {
  return useSyncExternalStore(subscribeBusy, isBusy, isBusy);
}

/** Keeps the app busy while `active` is true (e.g. a redemption dialog is open or a verification is on the wire). */
export function useBusyWhile(active: boolean, reason?: string) {
  useEffect(() => (active ? holdBusy(reason) : undefined), [active, reason]);
}
