import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTestFiles } from './database-test-files.ts';

// Which files `npm test` runs again on PostgreSQL 15: every way a file can reach the database must put it on the
// list, and a file that cannot must stay off it (or the step would only grow back to the whole suite).

const tree = mkdtempSync(join(tmpdir(), 'paylocal-database-files-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function write(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
}

describe('the files run on PostgreSQL 15', () => {
  it('are those that reach the server settings or the template, however they import it', () => {
    const url = ['TEST', 'DATABASE', 'URL'].join('_');
    write({
      'tests/support/test-database.ts': `export const open = () => inject('database${'Template'}');`,
      'tests/support/test-app.ts': "import { open } from './test-database.ts';\nexport const app = open;",
      'tests/support/mail.ts': 'export const mail = 1;',
      'api/through-two-helpers.test.ts': "import { app } from '../tests/support/test-app.ts';",
      'api/no-extension.test.ts': "import { app } from '../tests/support/test-app';",
      'api/dynamic.test.ts': "const { app } = await import(\n  '../tests/support/test-app.ts'\n);",
      'api/reads-url.test.ts': `const url = process.env.${url};`,
      'api/reads-replica.test.ts': `const url = process.env.${url.replace('URL', 'READ_URL')};`,
      'api/folder-index.test.ts': "import { db } from './db';",
      'api/db/index.ts': "export { open as db } from '../../tests/support/test-database.ts';",
      'api/cycle-a.ts': "import { b } from './cycle-b.ts';\nexport const a = 1;",
      'api/cycle-b.ts': "import { a } from './cycle-a.ts';\nimport { app } from '../tests/support/test-app.ts';\nexport const b = a;",
      'api/through-cycle.test.ts': "import { a } from './cycle-a.ts';",
      'supabase/functions/_shared/shared-db.ts': "export * from '../../../tests/support/test-database.ts';",
      'api/shared-alias.test.ts': "import { open } from '@shared/shared-db.ts';",
      'web/src/lib/uses-db.ts': "export * from '../../../tests/support/test-database.ts';",
      'web/src/web-alias.test.tsx': "import { open } from '@/lib/uses-db';",
      // Off the list: no database on any path.
      'api/pure.test.ts': "import { mail } from '../tests/support/mail.ts';\nimport { z } from 'zod';",
      'web/src/component.test.tsx': "import { mail } from '../../tests/support/mail.ts';",
      'api/package-only.test.ts': "import postgres from 'postgres';",
      'node_modules/pkg/x.test.ts': `process.env.${url};`,
      'api/edge.deno.test.ts': `process.env.${url};`,
    });
    expect(databaseTestFiles(tree)).toEqual([
      'api/dynamic.test.ts', 'api/folder-index.test.ts', 'api/no-extension.test.ts', 'api/reads-replica.test.ts',
      'api/reads-url.test.ts', 'api/shared-alias.test.ts', 'api/through-cycle.test.ts', 'api/through-two-helpers.test.ts',
      'web/src/web-alias.test.tsx',
    ]);
  });

  it('in this repository: the API and RLS suites, not the components, pure units or lint checks', () => {
    const files = databaseTestFiles(fileURLToPath(new URL('../..', import.meta.url)));
    for (const file of [
      'supabase/functions/api/charities/accounting-property.test.ts', // openTestDatabase
      'supabase/functions/api/auth/auth.test.ts', // createTestApp
      'supabase/functions/api/db/transaction-limits.test.ts', // TEST_DATABASE_URL
      'local/crash-replay.test.ts', // the template itself
      'scripts/schema-files.test.ts',
    ]) expect(files, file).toContain(file);
    for (const file of ['web/src/app/router.test.tsx', 'supabase/functions/_shared/money.test.ts', 'tests/lint/api-layers.test.ts']) {
      expect(files, file).not.toContain(file);
    }
  });
});
