import Dexie, { type EntityTable } from 'dexie';
import type { PersistedClient } from '@tanstack/react-query-persist-client';

/** One row per persisted TanStack Query client (there is only ever one, under PERSISTED_CLIENT_KEY). */
export interface QueryCacheRow {
  key: string;
  client: PersistedClient;
}

/**
 * The app's IndexedDB database. Later versions add tables (e.g. an offline mutation outbox);
 * bump the version number and keep earlier stores listed when doing so.
 */
export class PayLocalDb extends Dexie {
  queryCache!: EntityTable<QueryCacheRow, 'key'>;

  constructor(name = 'pay-local') {
    super(name);
    this.version(1).stores({ queryCache: 'key' });
  }
}

let db: PayLocalDb | null = null;

/** Opened lazily so that modules importing this file stay usable where IndexedDB does not exist (unit tests). */
export function localDb(): PayLocalDb {
  db ??= new PayLocalDb();
  return db;
}
