import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The API's layers (decision 177, issue 36): the repository's own ESLint config, run on small sources placed
// (virtually) in supabase/functions/api, must refuse SQL outside the domain and db/ (a router, http/, a job, a port),
// HTTP in a domain module (Hono, the request context, middleware, HTTP errors), a port importing a feature, and a
// feature reaching past another feature's index.ts; and accept the clean forms. A feature's routers are router.ts
// and *-router.ts, its public surface index.ts, and every other file in it is its domain.

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const RULES = new Set(['api-layers/no-sql-outside-domain', 'api-layers/boundaries', 'no-restricted-imports']);

async function lint(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}supabase/functions/api/${path}` });
  return result.messages.filter((m) => m.ruleId !== null && RULES.has(m.ruleId));
}
const rules = (messages: Awaited<ReturnType<typeof lint>>) => messages.map((m) => [m.ruleId, m.severity]);

describe('lint: routers hold no SQL', () => {
  it('fails on a router with a SQL statement and a direct query call', async () => {
    const messages = await lint('cities/router.ts', `
      import { Hono } from 'hono';
      import { userTx, type AppEnv } from '../http/context.ts';
      export const probe = new Hono<AppEnv>();
      probe.get('/', async (c) => c.json(await userTx(c, (q) => q<{ id: string }>(\`select id from public.cities where slug = $1\`, ['x']))));
    `);
    expect(rules(messages)).toEqual([
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
    const messages = await lint('admin/lint-probe-router.ts', `export const statement = ${literal};\n`);
    expect(messages).toHaveLength(1);
  }, 60_000);

  it('fails on postgres.js unsafe() and a sql tagged template', async () => {
    const messages = await lint('cities/lint-probe-router.ts', 'declare const db: any; declare const sql: any;\nexport const a = () => db.unsafe(`x`);\nexport const b = () => sql`x`;\n');
    expect(messages).toHaveLength(2);
  }, 60_000);

  it('accepts a router that calls its domain, and English that starts like SQL', async () => {
    const messages = await lint('cities/lint-probe-router.ts', `
      import { Hono } from 'hono';
      import { userTx, type AppEnv } from '../http/context.ts';
      import { listActiveCities } from './cities.ts';
      export const probe = new Hono<AppEnv>();
      const hint = 'Select a city, then update your card with your bank';
      probe.get('/', async (c) => c.json({ hint, cities: await userTx(c, (q) => listActiveCities(q)), page: c.req.query('page') }));
    `);
    expect(messages).toEqual([]);
  }, 60_000);

  it('leaves tests alone', async () => {
    expect(await lint('cities/lint-probe.test.ts', "export const s = 'select 1';\n")).toEqual([]);
  }, 60_000);
});

describe('lint: http/, jobs/, ports and index files hold no SQL either', () => {
  it('fails on a middleware that claims a row itself', async () => {
    const messages = await lint('http/lint-probe.ts', `
      import type { MiddlewareHandler } from 'hono';
      import { serviceTx, type AppEnv } from './context.ts';
      export const probe: MiddlewareHandler<AppEnv> = async (c, next) => {
        await serviceTx(c, (q) => q(\`update private.idempotency_keys set status = $3 where user_id = $1 and key = $2\`, ['u', 'k', 200]));
        return next();
      };
    `);
    expect(rules(messages)).toEqual([
      ['api-layers/no-sql-outside-domain', 2], // q(
      ['api-layers/no-sql-outside-domain', 2], // the update
    ]);
  }, 60_000);

  it('fails on a job that marks its queue with SQL', async () => {
    const messages = await lint('jobs/lint-probe.ts', `
      import { serviceClaims, type Database } from '../db/database.ts';
      const MARK_SENT = "update private.mail_outbox set status = 'sent' where id = $1";
      export const markSent = (db: Database, id: string) => db.transaction(serviceClaims, (query) => query(MARK_SENT, [id]));
    `);
    expect(rules(messages)).toEqual([
      ['api-layers/no-sql-outside-domain', 2], // the update
      ['api-layers/no-sql-outside-domain', 2], // query(
    ]);
  }, 60_000);

  it.each([
    ['ports/push/lint-probe.ts', 'export const s = `select id from private.push_jobs where status = \'pending\'`;\n'],
    ['ports/lint-probe.ts', "export const s = 'delete from private.uploads where key = $1';\n"],
    ['deals/index.ts', "export const s = 'delete from private.uploads where key = $1';\n"],
    ['context-probe.ts', 'import type { Query } from \'./db/database.ts\';\nexport const run = (q: Query, text: string) => q(text);\n'],
  ])('fails on SQL in %s', async (path, code) => {
    expect(await lint(path, code)).toHaveLength(1);
  }, 60_000);

  it('accepts a job that calls the domain through the feature index', async () => {
    const messages = await lint('jobs/lint-probe.ts', `
      import type { Database } from '../db/database.ts';
      import { claimDue, markMailSent } from '../mail/index.ts';
      export async function probe(db: Database) {
        for (const row of await claimDue(db, 10, 300)) await markMailSent(db, row.id, 'provider-id');
        return 'Select a provider, then update your settings';
      }
    `);
    expect(messages).toEqual([]);
  }, 60_000);

  it('leaves SQL in a domain module and db/ alone', async () => {
    const code = "import type { Query } from '../db/database.ts';\nexport const probe = (q: Query) => q('select 1');\n";
    expect(await lint('cities/lint-probe.ts', code)).toEqual([]);
    expect(await lint('db/lint-probe.ts', code.replace('../db/', './'))).toEqual([]);
  }, 60_000);
});

describe('lint: the domain speaks no HTTP', () => {
  it.each([
    ["import { Hono } from 'hono';", 'Hono'],
    ["import type { Context } from 'hono';", 'a Hono type'],
    ["import { getCookie } from 'hono/cookie';", 'hono/cookie'],
    ["import { serviceTx, type AppContext } from '../http/context.ts';", 'the request context'],
    ["import type { AppContext } from '../http/context.ts';", 'the request context, as a type'],
    ["import { requireUser } from '../http/session.ts';", 'middleware'],
    ["import { badRequest } from '../http/http-error.ts';", 'HTTP errors'],
    ["import { parse } from '../http/validate.ts';", 'request parsing'],
    ["import { startSession } from '../http/cookies.ts';", 'cookies'],
    ["import { cityRoutes } from './router.ts';", "its feature's router"],
    ["import { drainOutbox } from '../jobs/mail-drain.ts';", 'a job'],
  ])('fails on %s (%s)', async (line) => {
    const messages = await lint('cities/lint-probe.ts', `${line}\nexport const probe = 1;\n`);
    expect(rules(messages)).toEqual([['no-restricted-imports', 2]]);
  }, 60_000);

  it('accepts domain errors, the services, plain helpers, another feature through its index and the database types', async () => {
    const messages = await lint('cities/lint-probe.ts', `
      import { iso, type Query } from '../db/database.ts';
      import { sha256Hex } from '../../_shared/tokens.ts';
      import { notFound } from '../domain-error.ts';
      import type { Services } from '../services.ts';
      import { enqueueMail } from '../mail/index.ts';
      export async function probe(s: Pick<Services, 'tx'>, q: Query) {
        const [row] = await q('select 1');
        if (!row) throw notFound();
        await s.tx.asService((service) => enqueueMail(service, 'a@example.com', { subject: 's', text: 't' }));
        return [iso(new Date()), await sha256Hex('x')];
      }
    `);
    expect(messages).toEqual([]);
  }, 60_000);
});

describe('lint: ports know no feature', () => {
  it.each([
    ["import { enqueueMail } from '../../mail/index.ts';", 'a feature, through its index'],
    ["import { claimDue } from '../../mail/outbox.ts';", 'a feature module'],
    ["import { drainOutbox } from '../../jobs/mail-drain.ts';", 'a job'],
    ["import type { AppContext } from '../../http/context.ts';", 'http/'],
  ])('fails on %s (%s)', async (line) => {
    const messages = await lint('ports/mail/lint-probe.ts', `${line}\nexport const probe = 1;\n`);
    expect(rules(messages)).toEqual([['api-layers/boundaries', 2]]);
  }, 60_000);

  it('accepts a port that uses its own kind, the shared code and db/', async () => {
    const messages = await lint('ports/mail/lint-probe.ts', `
      import type { MailPort } from './mail-port.ts';
      import { bytesToBase64Url } from '../../../_shared/encoding.ts';
      import type { Database } from '../../db/database.ts';
      export const probe = (mail: MailPort, db: Database) => [mail, db, bytesToBase64Url(new Uint8Array(1))];
    `);
    expect(messages).toEqual([]);
  }, 60_000);
});

describe('lint: a feature uses another only through its index.ts', () => {
  it.each([
    ['deals/lint-probe.ts', "import { callerMembershipEndsAt } from '../subscriptions/membership.ts';", 'a domain module'],
    ['deals/lint-probe-router.ts', "import { checkCityAndCharity } from '../auth/accounts.ts';", 'a router'],
    ['deals/index.ts', "export { hashPassword } from '../auth/password.ts';", 'an index'],
    ['counter/router.ts', "import { counterDeviceKeyOf } from '../staff/router.ts';", "another feature's router"],
  ])('fails in %s on %s (from %s)', async (path, line) => {
    const messages = await lint(path, `${line}\nexport const probe = 1;\n`);
    expect(rules(messages).filter(([rule]) => rule === 'api-layers/boundaries')).toEqual([['api-layers/boundaries', 2]]);
  }, 60_000);

  it("accepts the other feature's index.ts, the feature's own files, and any import in a test", async () => {
    expect(await lint('deals/lint-probe.ts', `
      import { callerMembershipEndsAt } from '../subscriptions/index.ts';
      import { dealColumns } from './deals.ts';
      export const probe = [callerMembershipEndsAt, dealColumns];
    `)).toEqual([]);
    expect(await lint('deals/lint-probe.test.ts', `
      import { callerMembershipEndsAt } from '../subscriptions/membership.ts';
      export const probe = callerMembershipEndsAt;
    `)).toEqual([]);
  }, 60_000);
});
