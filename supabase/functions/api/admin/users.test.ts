import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { registerMerchant } from '../../../../tests/support/merchant-accounts.ts';
import { startAdminTestApp } from '../../../../tests/support/admin-accounts.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
let admin: Agent;

beforeAll(async () => ({ t, admin } = await startAdminTestApp()));
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
    expect((await admin.get('/api/admin/users?limit=0')).body.message).toBe('The limit must be at least 1');
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

  it("removes a member's follows and notifications", async () => {
    const agent = t.agent('192.0.2.52');
    const reg = await agent.post('/api/auth/register', { role: 'USER', name: 'Follower Flo', email: 'flo@example.com', password: 'secret123' });
    const userId = reg.body.user.id as string;
    await asService(t.database, async (q) => {
      await q(`insert into public.follows (user_id, merchant_id) values ($1, $2)`, [userId, SEED.activeMerchantId]);
      await q(`insert into public.notifications (user_id, type, merchant_id, data) values ($1, 'BUSINESS_UPDATE', $2, '{"previewText":"Hi"}')`,
        [userId, SEED.activeMerchantId]);
    });
    expect((await admin.delete(`/api/admin/users/${userId}`)).status).toBe(200);
    const [left] = await asService(t.database, (q) => q(
      `select (select count(*) from public.follows where user_id = $1)::int as follows,
              (select count(*) from public.notifications where user_id = $1)::int as notifications`, [userId]));
    expect(left).toEqual({ follows: 0, notifications: 0 });
  });

  it('deleting a merchant owner removes their business, its deals and its collaborations', async () => {
    const a = await registerMerchant(t, { name: 'Gone Goods' });
    const b = await registerMerchant(t, { name: 'Staying Stitches' });
    const sent = await a.agent.post('/api/collabs', {
      recipientBusinessId: b.merchantId, requesterDiscountLabel: '5%', recipientDiscountLabel: '5%', startDate: '2026-12-01',
    });
    expect(sent.status).toBe(201);
    const [deal] = await asService(t.database, (q) => q<{ id: string }>(
      `insert into public.deals (merchant_id, title, description, discount_percent) values ($1, 'Gone deal', 'Soon gone', 10) returning id`, [a.merchantId]));
    expect((await admin.delete(`/api/admin/users/${a.ownerId}`)).status).toBe(200);
    expect((await b.agent.get('/api/collabs')).body).toEqual([]);
    expect(await asService(t.database, (q) => q(`select id from public.deals where id = $1`, [deal.id]))).toEqual([]);
    const merchants = await asService(t.database, (q) => q(`select id from public.merchants where id = $1`, [a.merchantId]));
    expect(merchants).toEqual([]);
  });

  it('keeps their payments anonymised for accounting, and their ledger entries; drops the subscription', async () => {
    const agent = t.agent('192.0.2.51');
    const reg = await agent.post('/api/auth/register', {
      role: 'USER', name: 'Paying Pat', email: 'pat@example.com', password: 'secret123', homeCityId: SEED.lyonsId });
    const userId = reg.body.user.id as string;
    const { paymentId, entryId } = await asService(t.database, async (q) => {
      const [sub] = await q<{ id: string }>(
        `insert into public.subscriptions (user_id, plan, status, provider, provider_customer_id, provider_subscription_id,
           current_period_start, current_period_end)
         values ($1, 'monthly', 'active', 'test', 'cus_pat', 'sub_pat', now(), now() + interval '1 month') returning id`, [userId]);
      const [payment] = await q<{ id: string }>(
        `insert into public.payments (user_id, subscription_id, provider, provider_invoice_id, amount_cents, charity_share_bps)
         values ($1, $2, 'test', 'in_pat', 999, 1000) returning id`, [userId, sub.id]);
      const [entry] = await q<{ id: string }>(
        `insert into public.point_ledger (merchant_id, member_id, kind, points, purchase_amount_cents)
         values ($1, $2, 'accrual', 100, 2000) returning id`, [SEED.activeMerchantId, userId]);
      return { paymentId: payment.id, entryId: entry.id };
    });
    expect((await admin.delete(`/api/admin/users/${userId}`)).status).toBe(200);
    const [kept] = await asService(t.database, (q) => q(
      `select p.user_id, p.subscription_id, p.amount_cents, p.provider_invoice_id, p.charity_share_cents, p.charity_id is not null as has_charity,
              (select count(*) from public.subscriptions where user_id = $2)::int as subscriptions,
              (select member_id from public.point_ledger where id = $3) as ledger_member,
              (select purchase_amount_cents from public.point_ledger where id = $3) as ledger_amount
         from public.payments p where p.id = $1`, [paymentId, userId, entryId]));
    expect(kept).toEqual({
      user_id: null, subscription_id: null, amount_cents: 999, provider_invoice_id: 'in_pat', charity_share_cents: 100,
      has_charity: true, subscriptions: 0, ledger_member: null, ledger_amount: 2000,
    });
  });

  it('never deletes an admin account, and answers 404 for an unknown user', async () => {
    const res = await admin.delete(`/api/admin/users/${TEST_ADMIN.id}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Admin accounts cannot be deleted');
    expect((await admin.delete('/api/admin/users/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.delete('/api/admin/users/nope')).status).toBe(400);
  });
});
