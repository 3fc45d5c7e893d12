// supabase/schema.sql is the migrated database as pg_dump prints it (decision 179): this fails when a migration
// changed and the file was not regenerated (`npm run schema`). PostgreSQL only: skipped without TEST_DATABASE_URL.
import { readFileSync } from 'node:fs';
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
