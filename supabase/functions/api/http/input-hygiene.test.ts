import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '../../_shared/contract/common.ts';
import { logError } from '../ports/log.ts';

let t: TestApp;
let member: Agent;
let merchant: Agent;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.signIn(SEED.member, '198.51.100.31');
  merchant = await t.signIn(SEED.merchantOwner, '198.51.100.32');
  admin = await t.signIn(TEST_ADMIN, '198.51.100.33');
});
afterAll(() => t.close());

let logged: string[];
beforeEach(() => {
  logged = [];
  for (const level of ['error', 'warn', 'log', 'info'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => { logged.push(args.map(String).join(' ')); });
  }
});
afterEach(() => vi.restoreAllMocks());

const NUL = 'Bad\u0000value';
const LONE = 'Bad\ud800value';

const cases: Array<[string, (bad: string) => Promise<{ status: number; body: { message: string } }>, string]> = [
  ['deal title', (bad) => merchant.post('/api/merchant/deals', { title: bad, description: 'x', discountPercent: 10 }), 'The title'],
  // A URL cannot carry a lone surrogate (its UTF-8 does not exist): the query string is tested with NUL twice.
  ['business search', (bad) => merchant.get(`/api/businesses/search?q=${encodeURIComponent(bad === LONE ? NUL : bad)}`), 'The search'],
  ['city name', (bad) => admin.post('/api/admin/cities', { name: bad, state: 'Colorado' }), 'The name'],
  ['profile name', (bad) => member.put('/api/auth/profile', { name: bad }), 'The name'],
  ['register name', (bad) => t.agent('198.51.100.34').post('/api/auth/register', {
    role: 'USER', name: bad, email: 'hygiene@example.com', password: 'secret-pass-1',
  }), 'The name'],
  ['collab message', (bad) => merchant.post('/api/collabs', {
    recipientBusinessId: SEED.pendingMerchantId, requesterDiscountLabel: '10% off', recipientDiscountLabel: '10% off',
    startDate: '2030-01-01', message: bad,
  }), 'The message'],
  ['business update', (bad) => merchant.post('/api/merchant/updates', { message: bad }), 'The message'],
  ['merchant registration field', (bad) => t.agent('198.51.100.35').post('/api/auth/register', {
    role: 'MERCHANT', name: 'Mo', email: 'hygiene-m@example.com', password: 'secret-pass-1',
    merchantData: { businessName: bad, businessAddress: '1 High St' },
  }), 'The business name'],
];

describe('input that cannot be stored cleanly', () => {
  it.each(cases)('%s: NUL and a lone surrogate get 400 naming the field in words, and nothing is logged', async (_what, send, field) => {
    for (const bad of [NUL, LONE]) {
      const res = await send(bad);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`${field} ${UNSTORABLE_TEXT_MESSAGE}`);
    }
    expect(logged).toEqual([]);
  });

  it('keeps a well-formed pair (an emoji) and stores it unchanged', async () => {
    const res = await member.put('/api/auth/profile', { name: 'Casey 🚲' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Casey 🚲');
  });

  it('refuses an email longer than 254 characters (302 accepted before)', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(40)}.com`;
    expect(email.length).toBeGreaterThan(254);
    const res = await t.agent('198.51.100.36').post('/api/auth/register', {
      role: 'USER', name: 'Long', email, password: 'secret-pass-1',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The email must be at most 254 characters');
    const [row] = await asService(t.database, (q) => q<{ n: number }>(`select count(*)::int as n from public.profiles where length(email) > 254`));
    expect(row.n).toBe(0);
  });

  it('refuses names past their limit with 400 naming the field', async () => {
    const res = await member.put('/api/auth/profile', { name: 'n'.repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The name must be at most 100 characters');
  });
});

describe('server logs', () => {
  it('log a database error by its kind only, never its parameters, detail or quoted values', () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "profiles_email_key"'), {
      code: '23505', constraint_name: 'profiles_email_key', table_name: 'profiles',
      detail: 'Key (email)=(secret.person@example.com) already exists.',
      parameters: ['secret.person@example.com', 'Secret Person', 'a message'],
      params: ['secret.person@example.com'],
      query: 'insert into public.profiles (email, name) values ($1, $2)',
    });
    logError('Unhandled API error', driverError);
    const out = logged.join('\n');
    expect(out).toContain('23505');
    expect(out).toContain('profiles_email_key');
    expect(out).not.toMatch(/secret\.person|Secret Person|a message|values \(/);
  });

  it('an unhandled error in a route is logged without the request data (the database adapter throws)', async () => {
    const failing = await createTestApp({}, (deps) => ({
      ...deps,
      db: {
        ...deps.db,
        transaction: async () => {
          throw Object.assign(new Error('invalid input syntax for type uuid: "secret.person@example.com"'), {
            code: 'XX000', parameters: ['secret.person@example.com', 'hunter2-password'],
          });
        },
      },
    }));
    try {
      const res = await failing.agent('198.51.100.37').post('/api/auth/login', { email: 'secret.person@example.com', password: 'hunter2-password' });
      expect(res.status).toBe(500);
      const out = logged.join('\n');
      expect(out).toContain('Unhandled API error');
      expect(out).not.toMatch(/secret\.person|hunter2/);
      // The error names the request it happened in, as the client was told (X-Request-Id).
      expect(res.headers.get('x-request-id')).toBeTruthy();
      expect(out).toContain(`"requestId":"${res.headers.get('x-request-id')}"`);
    } finally {
      await failing.close();
    }
  });
});
