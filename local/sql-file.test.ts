import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSqlFile } from './sql-file.ts';

describe('readSqlFile', () => {
  it("inlines psql's \\ir lines relative to the including file, recursively, and leaves the rest as written", () => {
    const dir = mkdtempSync(join(tmpdir(), 'sql-file-'));
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'b'));
    writeFileSync(join(dir, 'b', 'leaf.sql'), 'select $$leaf$$;\n');
    writeFileSync(join(dir, 'b', 'middle.sql'), 'select 2;\n\\ir leaf.sql\n');
    writeFileSync(join(dir, 'a', 'top.sql'), "select 1;\n\\ir ../b/middle.sql\nselect '\\ir not at the start';\n");
    expect(readSqlFile(join(dir, 'a', 'top.sql'))).toBe("select 1;\nselect 2;\nselect $$leaf$$;\n\nselect '\\ir not at the start';\n");
  });

  it("gives both Supabase stand-ins the one text of the API roles and auth helpers", () => {
    const root = join(import.meta.dirname, '..');
    for (const file of ['local/bootstrap.sql', 'tests/hosted/supabase-baseline.sql']) {
      const sql = readSqlFile(join(root, file));
      expect(sql, file).not.toMatch(/^\\/m);
      expect(sql, file).toContain(readSqlFile(join(root, 'local/supabase-auth.sql')));
    }
  });
});
