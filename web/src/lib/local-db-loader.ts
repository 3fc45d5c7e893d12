import type { PayLocalDb } from './local-db';
import { LOCAL_DB_NAME } from './local-db-name';

/** The Dexie database, downloading Dexie on first use (it is not part of the initial bundle). */
export async function loadLocalDb(): Promise<PayLocalDb> {
  const { localDb } = await import('./local-db');
  return localDb();
}

/**
 * Whether this browser already holds our database. A first visit has nothing to restore, so the app
 * need not download Dexie just to find that out. Unknown (no `indexedDB.databases`) counts as yes.
 */
export async function localDbMayExist(name = LOCAL_DB_NAME): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === name);
  } catch {
    return true;
  }
}
