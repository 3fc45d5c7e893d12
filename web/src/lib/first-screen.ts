import { useSyncExternalStore } from 'react';

// Work the first screen does not need (the realtime connection, the offline code cover, saving the cache to
// IndexedDB) waits until the page has loaded and the browser has had an idle moment: on a slow phone it
// would otherwise compete with the first render (Largest Contentful Paint, Total Blocking Time).

const IDLE_TIMEOUT_MS = 3000;

let done = false;
let settled: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Resolves once the page has loaded and then gone idle (or after a few seconds at most). */
export function afterFirstScreen(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const finish = () => {
      done = true;
      for (const listener of listeners) listener();
      resolve();
    };
    if (typeof window === 'undefined') return finish();
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(finish, { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(finish, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
  return settled;
}

/** False during the first screen's load, true from then on (re-renders once). */
export function useAfterFirstScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      void afterFirstScreen();
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => done,
    () => false,
  );
}
