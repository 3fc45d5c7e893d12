// The database port's one-round-trip path (decision 130): values written in as literals, and a
// statement sent ahead with the session lookup, on PGlite and on the PostgreSQL server
// (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../../../local/admin-sql.ts';
import { openTestDatabase } from '../../../../tests/support/test-database.ts';
import { anonClaims, claimsSetupParams, claimsSetupSql } from './database.ts';
import { sessionClaimsSql } from '../sessions/sessions.ts';
import { inlineParams, sqlLiteral } from './database.ts';

let database: OpenedDatabase;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(() => database.close());

describe('sqlLiteral', () => {
  it('writes text the database reads back unchanged, quotes and backslashes included', async () => {
    const tricky = [`it's`, `back\\slash`, `\\'; drop table public.deals; --`, `E'x'`, `tab\tnew\nline`, `ünïcode ✓`, '$1', ''];
    for (const text of tricky) {
      const [row] = await database.admin.query<{ v: string }>(`select ${sqlLiteral(text)}::text as v`);
      expect(row.v).toBe(text);
    }
    const [row] = await database.admin.query<{ n: number; b: boolean; z: null }>(
      inlineParams('select $1::integer as n, $2::boolean as b, $3::text as z', [42, true, null]));
    expect(row).toEqual({ n: 42, b: true, z: null });
  });

  it('refuses what it cannot write as a literal', () => {
    expect(() => sqlLiteral('nul\0byte')).toThrow(TypeError);
    expect(() => sqlLiteral(Number.NaN)).toThrow(TypeError);
    expect(() => sqlLiteral(new Date())).toThrow(TypeError);
    expect(() => sqlLiteral(['a'])).toThrow(TypeError);
    expect(() => inlineParams('select $2', ['only one'])).toThrow(RangeError);
  });
});

describe('Database.open with a statement sent ahead', () => {
  const whoAmI = { text: `select current_user::text as role, current_setting('request.jwt.claims', true) as claims, $1::text as echo`, params: ['x'] };

  it('answers the lookup and the statement sent ahead, run with the claims the lookup set, and is over', async () => {
    const tx = await database.db.open<{ id: string | null }>(sessionClaimsSql, ['0'.repeat(64)], whoAmI);
    expect(tx.rows).toEqual([expect.objectContaining({ id: null })]);
    expect(tx.ahead).toEqual({ rows: [{ role: 'anon', claims: '{"role":"anon"}', echo: 'x' }] });
    // The transaction is over: its answer is tx.ahead (the route gets it through the request context), and
    // any statement, the same one included, would run outside it.
    await expect(tx.query(whoAmI.text, whoAmI.params)).rejects.toThrow(/ended with the statement sent ahead/);
    await expect(tx.query('select 1')).rejects.toThrow(/ended with the statement sent ahead/);
    await tx.end(true);
  });

  it('keeps the error of the statement sent ahead for the route, and still answers the lookup', async () => {
    const tx = await database.db.open(claimsSetupSql, claimsSetupParams(anonClaims), { text: 'select private.member_deal_secrets($1::uuid[])', params: ['{}'] });
    expect(tx.rows).toHaveLength(1);
    expect(tx.ahead).toEqual({ error: expect.objectContaining({ code: '42501' }) });
  });

  it('sends ahead read-only: a write is refused and nothing is written', async () => {
    const write = { text: `update public.cities set name = name || $1 returning id`, params: ['!'] };
    const tx = await database.db.open(claimsSetupSql, claimsSetupParams({ role: 'service_role' }), write);
    expect(tx.ahead).toEqual({ error: expect.objectContaining({ code: '25006' }) });
    const renamed = await database.admin.query(`select 1 from public.cities where name like '%!'`);
    expect(renamed).toEqual([]);
  });
});
