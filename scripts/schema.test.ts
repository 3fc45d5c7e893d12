// supabase/schema.sql is the migrated database as pg_dump prints it (decision 179): this fails when a migration
// changed and the file was not regenerated (`npm run schema`). PostgreSQL only: skipped without TEST_DATABASE_URL.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dumpSchema, normaliseDump, SCHEMA_FILE } from './schema.ts';

const url = process.env.TEST_DATABASE_URL;

describe('supabase/schema.sql', () => {
  it.skipIf(!url)('is what the migrations make today (else: npm run schema)', async () => {
    const fresh = await dumpSchema(url!);
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    // A short message rather than a 7,000-line diff.
    expect(committed === fresh, 'supabase/schema.sql is stale: run `npm run schema` and commit it').toBe(true);
  }, 180_000);

  it('holds no line that changes between runs or PostgreSQL versions', () => {
    const dump = ['--', '-- PostgreSQL database dump', '--', '\\restrict abc123', '-- Dumped from database version 15.14', '-- Dumped by pg_dump version 15.14',
      'SET statement_timeout = 0;', "SELECT pg_catalog.set_config('search_path', '', false);", '', '--', '-- Name: x; Type: SCHEMA', '--', '', 'CREATE SCHEMA x;', '',
      '', '', '--', '-- PostgreSQL database dump complete', '--', '\\unrestrict abc123', ''].join('\n');
    const normalised = normaliseDump(dump);
    expect(normalised).not.toMatch(/restrict|Dumped|^SET |set_config/m);
    expect(normalised.endsWith('--\n-- Name: x; Type: SCHEMA\n--\n\nCREATE SCHEMA x;\n')).toBe(true);
    expect(readFileSync(SCHEMA_FILE, 'utf8')).not.toMatch(/^\\restrict|^SET |^-- Dumped/m);
  });
});

describe('one SQL source for "a live and listed deal" (decision 179)', () => {
  // A site that shows a deal to members or visitors calls public.deal_is_live_and_listed; none recombines its
  // parts (public.deal_is_live with deals.merchant_listed or public.merchant_is_listed) by hand.
  const withoutTheRule = (text: string) => text.replace(/deal_is_live_and_listed\([^)]*\)/g, 'RULE');
  const recombines = (text: string) => /deal_is_live\(/.test(withoutTheRule(text)) && /merchant_listed|merchant_is_listed\(/.test(withoutTheRule(text));

  it('in the current schema: no function, view or policy but the rule itself combines the parts', () => {
    // Top-level statements start a line with a keyword in capitals (pg_dump's style; bodies are lower case).
    const statements = readFileSync(SCHEMA_FILE, 'utf8').split(/\n(?=[A-Z]+ )/).filter((st) => st.startsWith('CREATE '));
    const offenders = statements.filter((st) => !st.startsWith('CREATE FUNCTION public.deal_is_live_and_listed(') && recombines(st))
      .map((st) => st.split('\n')[0]);
    expect(offenders).toEqual([]);
    expect(statements.filter((st) => /deal_is_live_and_listed\(/.test(st) && /^CREATE (FUNCTION|POLICY)/.test(st)).length).toBeGreaterThanOrEqual(8);
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
