import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, inject } from 'vitest';
import { TEST_DATABASE_OPENED } from './constants.ts';

// Runs in every vitest file (vitest.config.ts setupFiles). `npm test` runs on PostgreSQL 15 only the files that
// tests/support/database-test-files.ts finds from the sources. A file that opens a test database without being on
// that list fails here, on PGlite too, so a file the search missed shows in the first run instead of silently never
// running on 15.

const root = fileURLToPath(new URL('../..', import.meta.url));

// A worker that runs several files in one process (isolate: false) keeps globalThis from the file before; this
// module runs again before each file is imported (a file may open its database as it loads).
delete (globalThis as Record<symbol, unknown>)[TEST_DATABASE_OPENED];

afterAll(() => {
  if (!(globalThis as Record<symbol, unknown>)[TEST_DATABASE_OPENED]) return;
  const file = relative(root, expect.getState().testPath ?? '');
  if (!inject('databaseTestFiles').includes(file)) {
    throw new Error(`${file} opens a test database, but tests/support/database-test-files.ts did not find it, so npm test `
      + 'would not run it on PostgreSQL 15: reach tests/support/test-database.ts through imports written out as paths.');
  }
});

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTestFiles: string[];
  }
}
