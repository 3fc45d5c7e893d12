import { expect, type Page } from '@playwright/test';

/** Waits until a service worker controls the page (installed, precached, activated and claimed). */
export async function waitForServiceWorker(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state === 'activated' && !!navigator.serviceWorker.controller;
        }),
      { message: 'a service worker controls the page', timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * Waits until the persisted query cache in IndexedDB holds a non-null answer for every given key (a key is
 * the JSON of a query key, e.g. '["/api/auth/me"]'), i.e. until an offline start would find them.
 */
export async function waitForPersistedQueries(page: Page, queryKeys: string[], description = 'persisted queries') {
  await expect
    .poll(
      () =>
        page.evaluate(
          async (keys) => {
            // Opening a database that does not exist would create it empty: only look once the app made it.
            if (!(await indexedDB.databases()).some((database) => database.name === 'pay-local')) return [];
            return new Promise<string[]>((resolve) => {
              const open = indexedDB.open('pay-local');
              open.onerror = () => resolve([]);
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('queryCache')) return resolve([]);
                const get = db.transaction('queryCache').objectStore('queryCache').get('react-query');
                get.onerror = () => resolve([]);
                get.onsuccess = () => {
                  const queries: { queryHash: string; state: { status: string; data: unknown } }[] = get.result?.client?.clientState?.queries ?? [];
                  // An answer, and not an empty one (a "signed out" null from before signing in does not count).
                  const done = new Set(queries.filter((q) => q.state.status === 'success' && q.state.data != null).map((q) => q.queryHash));
                  db.close();
                  resolve(keys.filter((key) => done.has(key)));
                };
              };
            });
          },
          queryKeys,
        ),
      { message: description, timeout: 15_000 },
    )
    .toEqual(queryKeys);
}
