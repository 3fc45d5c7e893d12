import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { registerMerchant } from '../../../../tests/support/merchant-accounts.ts';
import { startAdminTestApp } from '../../../../tests/support/admin-accounts.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { asAnon, asService, asUser } from '../../../../tests/support/test-database.ts';

let t: TestApp;
let admin: Agent;

beforeAll(async () => ({ t, admin } = await startAdminTestApp()));
afterAll(() => t.close());

describe('DELETE /api/admin/merchants/{id}', () => {
  it("removes the business, its deals from every list and its collaborations; keeps the owner's account", async () => {
    const shop = await registerMerchant(t, { name: 'Doomed Donuts', type: 'food', cityId: SEED.lyonsId });
    const partner = await registerMerchant(t, { name: 'Partner Pies', type: 'food' });
    const [deal] = await asService(t.database, (q) => q<{ id: string }>(
      `insert into public.deals (merchant_id, title, description, discount_percent) values ($1, 'Dozen deal', 'Two free', 20) returning id`,
      [shop.merchantId]));
    expect(await asAnon(t.database, (q) => q(`select id from public.deals where id = $1`, [deal.id]))).toHaveLength(1);
    await shop.agent.post('/api/collabs', {
      recipientBusinessId: partner.merchantId, requesterDiscountLabel: '10%', recipientDiscountLabel: '10%', startDate: '2026-12-01' });

    const res = await admin.delete(`/api/admin/merchants/${shop.merchantId}`);
    expect(res.body).toEqual({ success: true, message: 'Business deleted' });
    expect(await asAnon(t.database, (q) => q(`select id from public.deals where id = $1`, [deal.id]))).toEqual([]);
    expect(await asUser(t.database, SEED.member.id, (q) => q(`select id from public.deals where id = $1`, [deal.id]))).toEqual([]);
    expect(await asService(t.database, (q) => q(`select id from public.deals where id = $1`, [deal.id]))).toEqual([]);
    expect((await partner.agent.get('/api/collabs')).body).toEqual([]);
    expect((await partner.agent.get('/api/businesses/search?q=doomed')).body).toEqual([]);
    expect((await shop.agent.get('/api/auth/me')).status).toBe(200);
  });

  it('answers 404 for an unknown business', async () => {
    expect((await admin.delete('/api/admin/merchants/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
