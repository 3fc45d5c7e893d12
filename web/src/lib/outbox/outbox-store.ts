import { loadLocalDb, localDbMayExist } from '../local-db-loader';
import type { OutboxEntry } from './outbox-entry';

/** Where outbox entries live: Dexie in the app, memory in unit tests. */
export interface OutboxStore {
  /** Stores a new entry and returns its sequence number. */
  add(entry: OutboxEntry): Promise<number>;
  /** A user's entries in replay order. */
  list(userId: string): Promise<OutboxEntry[]>;
  update(seq: number, patch: Partial<OutboxEntry>): Promise<void>;
  remove(seq: number): Promise<void>;
}

export function dexieOutboxStore(): OutboxStore {
  return {
    add: async (entry) => (await loadLocalDb()).outbox.add(entry) as Promise<number>,
    list: async (userId) => {
      // Nothing was ever stored on this device: no need to download Dexie to learn that.
      if (!(await localDbMayExist())) return [];
      return (await loadLocalDb()).outbox.where('userId').equals(userId).sortBy('seq');
    },
    update: async (seq, patch) => {
      await (await loadLocalDb()).outbox.update(seq, patch);
    },
    remove: async (seq) => {
      await (await loadLocalDb()).outbox.delete(seq);
    },
  };
}

export function memoryOutboxStore(): OutboxStore & { rows: Map<number, OutboxEntry> } {
  const rows = new Map<number, OutboxEntry>();
  let next = 1;
  return {
    rows,
    add: async (entry) => {
      const seq = next++;
      rows.set(seq, { ...entry, seq });
      return seq;
    },
    list: async (userId) => [...rows.values()].filter((row) => row.userId === userId).sort((a, b) => a.seq! - b.seq!),
    update: async (seq, patch) => {
      const row = rows.get(seq);
      if (row) rows.set(seq, { ...row, ...patch });
    },
    remove: async (seq) => {
      rows.delete(seq);
    },
  };
}
