/** The IndexedDB database of the app (Dexie): its own module so the loader and the database share it without a cycle. */
export const LOCAL_DB_NAME = 'pay-local';
