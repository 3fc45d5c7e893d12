import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { databaseTestFiles } from './tests/support/database-test-files.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
// The files whose outcome can change with the database server (tests/support/database-test-files.ts). `npm test`
// runs all files on PGlite, then only these again on PostgreSQL 15 (ONLY_DATABASE_TESTS=1).
const databaseFiles = databaseTestFiles(root);

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
      '@shared': fileURLToPath(new URL('./supabase/functions/_shared', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    include: process.env.ONLY_DATABASE_TESTS === '1' ? databaseFiles : ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'dist/**', 'tests/e2e/**', '.data/**', '**/*.deno.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Fails a file that reaches the database settings without being one of databaseFiles (it would be skipped on 15).
    setupFiles: ['tests/support/database-use.ts'],
    provide: { databaseTestFiles: databaseFiles },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
