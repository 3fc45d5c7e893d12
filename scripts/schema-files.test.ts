// supabase/schemas/ is the database as a person reads it and edits it; supabase/migrations is what a database
// applies (decision 186). This proves they are the same database: one built from each on PostgreSQL 15, on the local
// bootstrap, compared the way decision 184 compared its squash. An edit to a schema file without its migration
// fails here, and so does a migration without its schema edit (`npm run db:diff -- <name>` writes the migration).
// PostgreSQL only (pg_dump, and the server's catalogs): skipped without TEST_DATABASE_URL.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFromMigrations, buildFromSchemas, drift, schemaFilesOnDisk, schemaPaths, schemaSql, scratchDatabase, snapshot } from './schema-files.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('Skipping "the schema files and the migrations make the same database": TEST_DATABASE_URL is unset (it needs PostgreSQL 15 and pg_dump).');

describe('the schema files and the migrations make the same database', () => {
  it.skipIf(!url)('on PostgreSQL 15: same dump, privileges, policies, publications, event triggers, comments and rows', async () => {
    const [fromSchemas, fromMigrations] = await Promise.all([scratchDatabase(url!, 'schemas'), scratchDatabase(url!, 'migrations')]);
    try {
      // One after the other: the bootstrap creates the API roles, which belong to the whole server (two at once race).
      await buildFromMigrations(fromMigrations.url);
      await buildFromSchemas(fromSchemas.url);
      const [declared, migrated] = await Promise.all([snapshot(fromSchemas.url), snapshot(fromMigrations.url)]);
      const difference = drift(migrated, declared, ['migrations', 'supabase/schemas']);
      // The diff reads as "what the schema files have that the migrations do not make" (+) and the reverse (-):
      // a schema edit wants a migration (`npm run db:diff -- <name>`); a migration wants its schema edit.
      expect(difference, `supabase/schemas and supabase/migrations make different databases:\n${difference}`).toBe('');
    } finally {
      await Promise.all([fromSchemas.drop(), fromMigrations.drop()]);
    }
  }, 120_000);
});

describe('supabase/config.toml', () => {
  it('names every schema file once, in [db.migrations] schema_paths', () => {
    const listed = schemaPaths();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(schemaFilesOnDisk());
  });

  it('reads the list the way the Supabase CLI writes it', () => {
    const config = '[db]\nmajor_version = 17\n\n[db.migrations]\n# why\nschema_paths = [\n  "./schemas/a.sql",\n  "./schemas/b.sql",\n]\n\n[db.seed]\nsql_paths = ["./seed.sql"]\n';
    expect(schemaPaths(config).map((path) => path.split('/').slice(-2).join('/'))).toEqual(['schemas/a.sql', 'schemas/b.sql']);
    expect(() => schemaPaths('[db]\n')).toThrow(/schema_paths/);
  });
});

describe('one SQL source for "a live and listed deal" (decision 179)', () => {
  // A site that shows a deal to members or visitors calls public.deal_is_live_and_listed; none recombines its
  // parts (public.deal_is_live with deals.merchant_listed or public.merchant_is_listed) by hand.
  const withoutTheRule = (text: string) => text.replace(/deal_is_live_and_listed\([^)]*\)/g, 'RULE');
  const recombines = (text: string) => /deal_is_live\(/.test(withoutTheRule(text)) && /merchant_listed|merchant_is_listed\(/.test(withoutTheRule(text));

  it('in the schema files: no function, view or policy but the rule itself combines the parts', () => {
    // Top-level statements start a line with a keyword (bodies are indented or start with other words).
    const statements = schemaSql().split(/\n(?=(?:create|alter|comment|grant|revoke|insert|set|do|--) )/).filter((st) => st.startsWith('create '));
    const offenders = statements.filter((st) => !st.startsWith('create function public.deal_is_live_and_listed(') && recombines(st))
      .map((st) => st.split('\n')[0]);
    expect(offenders).toEqual([]);
    expect(statements.filter((st) => /deal_is_live_and_listed\(/.test(st) && /^create (function|policy)/.test(st)).length).toBeGreaterThanOrEqual(8);
  });

  it("in the API's SQL", () => {
    const root = join(import.meta.dirname, '..', 'supabase', 'functions');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(join(dir, entry.name));
      }
    };
    walk(root);
    expect(files.filter((file) => recombines(readFileSync(file, 'utf8')))).toEqual([]);
  });
});
