import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, TEST_ADMIN } from '../../../../../tests/support/constants.ts';
import { registerMerchant } from '../../../../../tests/support/merchant-accounts.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../../tests/support/test-app.ts';
import { asService } from '../../../../../tests/support/test-database.ts';

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.agent();
  await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(() => t.close());

describe('GET /api/admin/users', () => {
  it('lists every account newest first with name, email, role, subscription status and created date', async () => {
    const res = await admin.get('/api/admin/users');
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(4);
    const member = res.body.users.find((u: { id: string }) => u.id === SEED.member.id);
    expect(member).toEqual({
      id: SEED.member.id, name: 'Maya Member', email: SEED.member.email, role: 'USER',
      subscriptionStatus: expect.any(String), createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const created = res.body.users.map((u: { createdAt: string }) => u.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('searches by name or email and pages', async () => {
    const byName = await admin.get('/api/admin/users?search=maya');
    expect(byName.body).toEqual({ users: [expect.objectContaining({ id: SEED.member.id })], total: 1 });
    const byEmail = await admin.get('/api/admin/users?search=PENDING@');
    expect(byEmail.body.users.map((u: { id: string }) => u.id)).toEqual([SEED.pendingOwner.id]);
    const all = await admin.get('/api/admin/users');
    const page = await admin.get('/api/admin/users?limit=2&offset=1');
    expect(page.body.users).toEqual(all.body.users.slice(1, 3));
    expect(page.body.total).toBe(all.body.total);
    expect((await admin.get('/api/admin/users?limit=0')).body.message).toBe('limit must be at least 1');
    expect((await admin.get('/api/admin/users?search=%25')).body.users).toEqual([]);
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('signs the user out at once and removes their profile and credentials', async () => {
    const agent = t.agent('192.0.2.50');
    const reg = await agent.post('/api/auth/register', { role: 'USER', name: 'Doomed Dana', email: 'dana@example.com', password: 'secret123' });
    expect(reg.status).toBe(201);
    expect((await agent.get('/api/auth/me')).status).toBe(200);
    const res = await admin.delete(`/api/admin/users/${reg.body.user.id}`);
    expect(res.body).toEqual({ success: true, message: 'User deleted' });
    expect((await agent.get('/api/auth/me')).status).toBe(401);
    const [left] = await asService(t.database, (q) => q<{ profiles: number; sessions: number; credentials: number }>(
      `select (select count(*) from public.profiles where id = $1)::int as profiles,
              (select count(*) from private.sessions where user_id = $1)::int as sessions,
              (select count(*) from private.credentials where user_id = $1)::int as credentials`, [reg.body.user.id]));
    expect(left).toEqual({ profiles: 0, sessions: 0, credentials: 0 });
    expect((await t.agent().post('/api/auth/login', { email: 'dana@example.com', password: 'secret123' })).status).toBe(401);
  });

  it('deleting a merchant owner removes their business and its collaborations', async () => {
    const a = await registerMerchant(t, { name: 'Gone Goods' });
    const b = await registerMerchant(t, { name: 'Staying Stitches' });
    const sent = await a.agent.post('/api/collabs', {
      recipientBusinessId: b.merchantId, requesterDiscountLabel: '5%', recipientDiscountLabel: '5%', startDate: '2026-12-01',
    });
    expect(sent.status).toBe(201);
    expect((await admin.delete(`/api/admin/users/${a.ownerId}`)).status).toBe(200);
    expect((await b.agent.get('/api/collabs')).body).toEqual([]);
    const merchants = await asService(t.database, (q) => q(`select id from public.merchants where id = $1`, [a.merchantId]));
    expect(merchants).toEqual([]);
  });

  it('never deletes an admin account, and answers 404 for an unknown user', async () => {
    const res = await admin.delete(`/api/admin/users/${TEST_ADMIN.id}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Admin accounts cannot be deleted');
    expect((await admin.delete('/api/admin/users/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.delete('/api/admin/users/nope')).status).toBe(400);
  });
});
