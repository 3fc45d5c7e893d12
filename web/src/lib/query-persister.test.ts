import { describe, expect, it, vi } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { createIndexedDbPersister, PERSISTED_CLIENT_KEY, type PersistedClientStore } from './query-persister';

function memoryStore() {
  const map = new Map<string, PersistedClient>();
  const store: PersistedClientStore = {
    get: async (key) => map.get(key),
    put: async (key, client) => void map.set(key, client),
    delete: async (key) => void map.delete(key),
  };
  return { map, store };
}

const snapshot = (n: number) => ({ timestamp: n, buster: '', clientState: { queries: [], mutations: [] } }) as PersistedClient;

describe('IndexedDB persister', () => {
  it('coalesces bursts of writes into the latest snapshot', async () => {
    vi.useFakeTimers();
    const { map, store } = memoryStore();
    const persister = createIndexedDbPersister(store, 100);
    persister.persistClient(snapshot(1));
    persister.persistClient(snapshot(2));
    expect(map.size).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(map.get(PERSISTED_CLIENT_KEY)?.timestamp).toBe(2);
    expect((await persister.restoreClient())?.timestamp).toBe(2);
    vi.useRealTimers();
  });

  it('makes a waiting write when the page goes away, not after', async () => {
    vi.useFakeTimers();
    const { map, store } = memoryStore();
    const page = new EventTarget();
    const persister = createIndexedDbPersister(store, 100, undefined, page);
    persister.persistClient(snapshot(3));
    page.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(map.get(PERSISTED_CLIENT_KEY)?.timestamp).toBe(3);
    vi.useRealTimers();
  });

  it('removeClient deletes the copy and drops a pending write', async () => {
    vi.useFakeTimers();
    const { map, store } = memoryStore();
    const persister = createIndexedDbPersister(store, 100);
    map.set(PERSISTED_CLIENT_KEY, snapshot(1));
    persister.persistClient(snapshot(2));
    await persister.removeClient();
    await vi.advanceTimersByTimeAsync(500);
    expect(map.size).toBe(0);
    vi.useRealTimers();
  });

  it('never throws when storage fails', async () => {
    const failing: PersistedClientStore = {
      get: async () => Promise.reject(new Error('blocked')),
      put: async () => Promise.reject(new Error('quota')),
      delete: async () => Promise.reject(new Error('blocked')),
    };
    const persister = createIndexedDbPersister(failing, 0);
    await expect(persister.restoreClient()).resolves.toBeUndefined();
    await expect(persister.removeClient()).resolves.toBeUndefined();
  });
});
