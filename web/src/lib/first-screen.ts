import { useSyncExternalStore } from 'react';

// Work the first screen does not need (the realtime connection, the offline code cover, restoring and saving
// the cache in IndexedDB, the outbox) waits until the page has loaded and the browser has had an idle moment:
// on a slow phone it would otherwise compete with the first render (Largest Contentful Paint, Total Blocking
// Time). Then each waiting job gets its own turn, one task after another with the browser free in between
// (decision 135): started together, their continuations used to run back to back in one long task.

const IDLE_TIMEOUT_MS = 3000;

let done = false;
let settled: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Gives the browser the main thread (input, paint) before going on: scheduler.yield where there is one. */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves once the page has loaded and then gone idle (or after a few seconds at most). */
function firstScreenSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    if (typeof window === 'undefined') return resolve();
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  }).then(() => {
    done = true;
    // The screens that were waiting re-render in a turn of their own.
    return nextTurn().then(() => listeners.forEach((listener) => listener()));
  });
  return settled;
}

/** One waiting job at a time, each in a later task than the one before (an idle moment when there is one). */
let turns: Promise<void> = Promise.resolve();
function nextTurn(): Promise<void> {
  turns = turns.then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 500 });
        else setTimeout(resolve, 0);
      }),
  );
  return turns;
}

/**
 * Resolves once the first screen is up and interactive (page loaded, then idle; a few seconds at most), in a
 * turn of the caller's own: two jobs waiting for it never continue in the same task.
 */
export async function afterFirstScreen(): Promise<void> {
  await firstScreenSettled();
  await nextTurn();
}

/** False during the first screen's load, true from then on (re-renders once). */
export function useAfterFirstScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      void firstScreenSettled();
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => done,
    () => false,
  );
}
