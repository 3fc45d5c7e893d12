import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { afterFirstScreen } from './first-screen';
import { loadLocalDb, localDbMayExist } from './local-db-loader';

export const PERSISTED_CLIENT_KEY = 'react-query';
/** How long a persisted cache may be restored; queries must stay in memory at least as long (gcTime). */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const WRITE_DELAY_MS = 500;

/** Minimal storage the persister needs; Dexie in the app, a Map in tests. */
export interface PersistedClientStore {
  get(key: string): Promise<PersistedClient | undefined>;
  put(key: string, client: PersistedClient): Promise<void>;
  delete(key: string): Promise<void>;
}

function dexieStore(): PersistedClientStore {
  return {
    // A first visit has nothing to restore: answer without downloading Dexie (initial-bundle budget).
    get: async (key) => ((await localDbMayExist()) ? (await (await loadLocalDb()).queryCache.get(key))?.client : undefined),
    put: async (key, client) => {
      await (await loadLocalDb()).queryCache.put({ key, client });
    },
    delete: async (key) => {
      if (await localDbMayExist()) await (await loadLocalDb()).queryCache.delete(key);
    },
  };
}

/**
 * A TanStack Query persister over IndexedDB. The cache changes in bursts (every fetch, every setQueryData),
 * so writes are coalesced: only the latest snapshot within WRITE_DELAY_MS is stored.
 * Storage failures (private mode, quota) are swallowed: persistence is a convenience, never a reason to break the app.
 */
export function createIndexedDbPersister(
  store: PersistedClientStore = dexieStore(),
  delayMs = WRITE_DELAY_MS,
  /** Writing waits for this (the app: until the first screen is up; Dexie is downloaded for the first write). */
  ready: () => Promise<void> = () => Promise.resolve(),
  /** Where the page says it is going away (the window): a write still waiting is made then, not lost. */
  page: Pick<EventTarget, 'addEventListener'> | undefined = typeof window === 'undefined' ? undefined : window,
): Persister {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = async () => {
    timer = null;
    await ready();
    const client = pending;
    pending = null;
    if (client) await store.put(PERSISTED_CLIENT_KEY, client).catch(() => undefined);
  };
  // A reload or a link out within the delay would otherwise start from the snapshot before the last change (a
  // location just added, then the dashboard opened: its tablet card read the old list from the device).
  page?.addEventListener('pagehide', () => {
    if (!timer) return;
    clearTimeout(timer);
    void flush();
  });

  return {
    persistClient: (client) => {
      pending = client;
      timer ??= setTimeout(() => void flush(), delayMs);
    },
    restoreClient: () => store.get(PERSISTED_CLIENT_KEY).catch(() => undefined),
    removeClient: async () => {
      // A write still waiting would resurrect the data we are asked to forget (e.g. after logout).
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
      await store.delete(PERSISTED_CLIENT_KEY).catch(() => undefined);
    },
  };
}

/** The one persister of the app (IndexedDB is only opened on first use). */
export const appPersister = createIndexedDbPersister(dexieStore(), WRITE_DELAY_MS, afterFirstScreen);
