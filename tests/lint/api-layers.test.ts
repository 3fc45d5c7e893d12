import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The API's layers (decision 177): the repository's own ESLint config, run on small sources placed (virtually) in
// supabase/functions/api, must refuse SQL outside domain/ and db/ (a route, a middleware, a lib helper, a port) and
// HTTP in a domain module, and accept the clean forms.

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function lint(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}supabase/functions/api/${path}` });
  return result.messages.filter((m) => m.ruleId === 'api-layers/no-sql-outside-domain' || m.ruleId === 'no-restricted-imports');
}

describe('lint: routes hold no SQL', () => {
  it('fails on a route with a SQL statement and a direct query call', async () => {
    const messages = await lint('routes/lint-probe.ts', `
      import { Hono } from 'hono';
      import { userTx, type AppEnv } from '../context.ts';
      export const probe = new Hono<AppEnv>();
      probe.get('/', async (c) => c.json(await userTx(c, (q) => q<{ id: string }>(\`select id from public.cities where slug = $1\`, ['x']))));
    `);
    expect(messages.map((m) => [m.ruleId, m.severity])).toEqual([
      ['api-layers/no-sql-outside-domain', 2], // q<...>(
      ['api-layers/no-sql-outside-domain', 2], // the select
    ]);
  }, 60_000);

  it.each([
    ["'insert into public.cities (name) values ($1)'"],
    ["'DELETE FROM private.sessions where id = $1'"],
    ['`update public.profiles p set name = $1`'],
    ['`with live as (select 1) select * from live`'],
    ["'SELECT 1'"],
  ])('fails on %s', async (literal) => {
    const messages = await lint('routes/admin/lint-probe.ts', `export const statement = ${literal};\n`);
    expect(messages).toHaveLength(1);
  }, 60_000);

  it('fails on postgres.js unsafe() and a sql tagged template', async () => {
    const messages = await lint('routes/lint-probe.ts', 'declare const db: any; declare const sql: any;\nexport const a = () => db.unsafe(`x`);\nexport const b = () => sql`x`;\n');
    expect(messages).toHaveLength(2);
  }, 60_000);

  it('accepts a route that calls the domain, and English that starts like SQL', async () => {
    const messages = await lint('routes/lint-probe.ts', `
      import { Hono } from 'hono';
      import { userTx, type AppEnv } from '../context.ts';
      import { listCities } from '../domain/cities.ts';
      export const probe = new Hono<AppEnv>();
      const hint = 'Select a city, then update your card with your bank';
      probe.get('/', async (c) => c.json({ hint, cities: await userTx(c, (q) => listCities(q)), page: c.req.query('page') }));
    `);
    expect(messages).toEqual([]);
  }, 60_000);

  it('leaves tests alone', async () => {
    expect(await lint('routes/lint-probe.test.ts', "export const s = 'select 1';\n")).toEqual([]);
  }, 60_000);
});

describe('lint: middleware, lib and ports hold no SQL either', () => {
  it('fails on a middleware that claims a row itself', async () => {
    const messages = await lint('middleware/lint-probe.ts', `
      import type { MiddlewareHandler } from 'hono';
      import { serviceTx, type AppEnv } from '../context.ts';
      export const probe: MiddlewareHandler<AppEnv> = async (c, next) => {
        await serviceTx(c, (q) => q(\`update private.idempotency_keys set status = $3 where user_id = $1 and key = $2\`, ['u', 'k', 200]));
        return next();
      };
    `);
    expect(messages.map((m) => [m.ruleId, m.severity])).toEqual([
      ['api-layers/no-sql-outside-domain', 2], // q(
      ['api-layers/no-sql-outside-domain', 2], // the update
    ]);
  }, 60_000);

  it('fails on a port that marks its queue with SQL', async () => {
    const messages = await lint('ports/mail/lint-probe.ts', `
      import { serviceClaims, type Database } from '../../db/database.ts';
      const MARK_SENT = "update private.mail_outbox set status = 'sent' where id = $1";
      export const markSent = (db: Database, id: string) => db.transaction(serviceClaims, (query) => query(MARK_SENT, [id]));
    `);
    expect(messages.map((m) => [m.ruleId, m.severity])).toEqual([
      ['api-layers/no-sql-outside-domain', 2], // the update
      ['api-layers/no-sql-outside-domain', 2], // query(
    ]);
  }, 60_000);

  it.each([
    ['lib/lint-probe.ts', "export const s = 'delete from private.uploads where key = $1';\n"],
    ['ports/push/lint-probe.ts', 'export const s = `select id from private.push_jobs where status = \'pending\'`;\n'],
    ['context-probe.ts', 'import type { Query } from \'./db/database.ts\';\nexport const run = (q: Query, text: string) => q(text);\n'],
  ])('fails on SQL in %s', async (path, code) => {
    expect(await lint(path, code)).toHaveLength(1);
  }, 60_000);

  it('accepts a middleware, a lib helper and a port that call the domain', async () => {
    const messages = await lint('ports/mail/lint-probe.ts', `
      import type { Database } from '../../db/database.ts';
      import { claimDue, markMailSent } from '../../domain/mail-outbox.ts';
      export async function probe(db: Database) {
        for (const row of await claimDue(db, 10, 300)) await markMailSent(db, row.id, 'provider-id');
        return 'Select a provider, then update your settings';
      }
    `);
    expect(messages).toEqual([]);
  }, 60_000);

  it('leaves SQL in domain/ and db/ alone', async () => {
    const code = "import type { Query } from '../db/database.ts';\nexport const probe = (q: Query) => q('select 1');\n";
    expect(await lint('domain/lint-probe.ts', code)).toEqual([]);
    expect(await lint('db/lint-probe.ts', code.replace('../db/', './'))).toEqual([]);
  }, 60_000);
});

describe('lint: the domain speaks no HTTP', () => {
  it.each([
    ["import { Hono } from 'hono';", 'Hono'],
    ["import type { Context } from 'hono';", 'a Hono type'],
    ["import { getCookie } from 'hono/cookie';", 'hono/cookie'],
    ["import { requireUser } from '../middleware/session.ts';", 'middleware'],
    ["import { badRequest } from '../lib/http-error.ts';", 'HTTP errors'],
    ["import { counterRoutes } from '../routes/merchant/counter.ts';", 'a route'],
    ["import { parse } from '../lib/validate.ts';", 'request parsing from lib/'],
    ["import { resolveUploadedObject } from '../lib/uploaded-object.ts';", 'a lib/ helper that calls the domain'],
  ])('fails on %s (%s)', async (line) => {
    const messages = await lint('domain/lint-probe.ts', `${line}\nexport const probe = 1;\n`);
    expect(messages.map((m) => [m.ruleId, m.severity])).toEqual([['no-restricted-imports', 2]]);
  }, 60_000);

  it('accepts domain errors, lib helpers and the database types', async () => {
    const messages = await lint('domain/lint-probe.ts', `
      import type { Query } from '../db/database.ts';
      import { sha256Hex } from '../lib/tokens.ts';
      import { iso } from '../lib/iso.ts';
      import { notFound } from './errors.ts';
      export async function probe(q: Query) { const [row] = await q('select 1'); if (!row) throw notFound(); return [iso(new Date()), await sha256Hex('x')]; }
    `);
    expect(messages).toEqual([]);
  }, 60_000);
});
