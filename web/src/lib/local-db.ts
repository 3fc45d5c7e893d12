import Dexie, { type EntityTable } from 'dexie';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { LOCAL_DB_NAME } from './local-db-name';
import type { OutboxEntry } from './outbox/outbox-entry';

/** One row per persisted TanStack Query client (there is only ever one, under PERSISTED_CLIENT_KEY). */
export interface QueryCacheRow {
  key: string;
  client: PersistedClient;
}

/** A key pair this device made; IndexedDB keeps the CryptoKey objects themselves. */
export interface DeviceKeyRow {
  id: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public point, as certificates name it. */
  x: string;
  y: string;
}

/**
 * The app's IndexedDB database. Later versions add tables: bump the version number and keep earlier
 * stores listed when doing so.
 *
 * Only ever import this module dynamically (through `local-db-loader.ts`): Dexie is ~31 KB gzipped and
 * a first-time visitor has nothing stored, so it stays out of the initial bundle.
 */
export class PayLocalDb extends Dexie {
  queryCache!: EntityTable<QueryCacheRow, 'key'>;
  /** Mutations made offline, replayed in `seq` order (see lib/outbox). */
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  /** Keys this device made for itself, e.g. the member pass key (decision 165): the private half cannot be exported. */
  deviceKeys!: EntityTable<DeviceKeyRow, 'id'>;

  constructor(name = LOCAL_DB_NAME) {
    super(name);
    this.version(1).stores({ queryCache: 'key' });
    this.version(2).stores({ queryCache: 'key', outbox: '++seq, &key, userId' });
    this.version(3).stores({ queryCache: 'key', outbox: '++seq, &key, userId', deviceKeys: 'id' });
  }
}

let db: PayLocalDb | null = null;

/** Opened lazily so that modules importing this file stay usable where IndexedDB does not exist (unit tests). */
export function localDb(): PayLocalDb {
  db ??= new PayLocalDb();
  return db;
}
