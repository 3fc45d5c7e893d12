// Every admin call, tried by a visitor, a member, a merchant, a second ADMIN-role account and the
// designated admin: only the designated admin gets through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInSecondAdmin } from '../../../../tests/support/admin-accounts.ts';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
const agents: Record<'visitor' | 'member' | 'merchant' | 'secondAdmin' | 'admin', Agent> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  agents.visitor = t.agent();
  agents.member = t.agent();
  await agents.member.login(SEED.member.email, SEED.member.password);
  agents.merchant = t.agent();
  await agents.merchant.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
  agents.secondAdmin = await signInSecondAdmin(t);
  agents.admin = t.agent();
  await agents.admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(() => t.close());

/** Fresh targets per call so a successful admin call never spoils the next attempt. */
async function targets() {
  return asService(t.database, async (q) => {
    const [city] = await q<{ id: string }>(`insert into public.cities (name, state) values ('Target ' || gen_random_uuid(), 'Colorado') returning id`);
    const [user] = await q<{ id: string }>(`insert into public.profiles (email, name) values (gen_random_uuid() || '@example.com', 'Target') returning id`);
    const [owner] = await q<{ id: string }>(`insert into public.profiles (email, name, role) values (gen_random_uuid() || '@example.com', 'Owner', 'MERCHANT') returning id`);
    const [merchant] = await q<{ id: string }>(
      `insert into public.merchants (owner_user_id, name, address, active) values ($1, 'Target Shop', '1 St', true) returning id`, [owner.id]);
    return { cityId: city.id, userId: user.id, merchantId: merchant.id };
  });
}

type Call = { name: string; ok: number; run: (a: Agent, ids: Awaited<ReturnType<typeof targets>>) => Promise<{ status: number }> };
const calls: Call[] = [
  { name: 'GET /api/admin/metrics', ok: 200, run: (a) => a.get('/api/admin/metrics') },
  { name: 'GET /api/admin/system', ok: 200, run: (a) => a.get('/api/admin/system') },
  { name: 'GET /api/admin/users', ok: 200, run: (a) => a.get('/api/admin/users') },
  { name: 'GET /api/admin/disputes', ok: 200, run: (a) => a.get('/api/admin/disputes') },
  { name: 'DELETE /api/admin/users/{id}', ok: 200, run: (a, ids) => a.delete(`/api/admin/users/${ids.userId}`) },
  { name: 'GET /api/admin/cities', ok: 200, run: (a) => a.get('/api/admin/cities') },
  { name: 'POST /api/admin/cities', ok: 201, run: (a) => a.post('/api/admin/cities', { name: `New ${Math.random()}`, state: 'Colorado' }) },
  { name: 'PATCH /api/admin/cities/{id}', ok: 200, run: (a, ids) => a.patch(`/api/admin/cities/${ids.cityId}`, { active: false }) },
  { name: 'DELETE /api/admin/cities/{id}', ok: 200, run: (a, ids) => a.delete(`/api/admin/cities/${ids.cityId}`) },
  { name: 'DELETE /api/admin/merchants/{id}', ok: 200, run: (a, ids) => a.delete(`/api/admin/merchants/${ids.merchantId}`) },
];

describe.each(calls)('$name', ({ ok, run }) => {
  it('visitor 401, member/merchant/second admin 403 with nothing changed, designated admin succeeds', async () => {
    const ids = await targets();
    expect((await run(agents.visitor, ids)).status).toBe(401);
    for (const who of ['member', 'merchant', 'secondAdmin'] as const) {
      const res = await run(agents[who], ids);
      expect(res.status, who).toBe(403);
    }
    const [still] = await asService(t.database, (q) => q<{ city: boolean; user: boolean; merchant: boolean }>(
      `select exists (select 1 from public.cities where id = $1 and active) as city,
              exists (select 1 from public.profiles where id = $2) as user,
              exists (select 1 from public.merchants where id = $3) as merchant`, [ids.cityId, ids.userId, ids.merchantId]));
    expect(still).toEqual({ city: true, user: true, merchant: true });
    expect((await run(agents.admin, ids)).status).toBe(ok);
  });
});

it('the forbidden answer says so in words', async () => {
  const res = await agents.secondAdmin.get('/api/admin/users');
  expect(res.body.message).toBe("You don't have permission to access this page.");
});
