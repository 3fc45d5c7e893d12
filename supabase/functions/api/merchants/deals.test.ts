import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { DEALS_SEED } from '../../../../tests/support/deals-seed.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { type Agent, createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

let t: TestApp;
let rosa: Agent;
let other: Agent;
beforeAll(async () => {
  t = await createTestApp();
  rosa = await t.signIn(SEED.merchantOwner);
  other = await t.signIn(DEALS_SEED.otherMerchant);
});
afterAll(() => t.close());

const valid = { title: 'Two-for-one Cinnamon Rolls', description: 'Buy one, get one on weekends.', discountPercent: 50, category: 'food-drink' };

describe('GET /api/merchant/deals', () => {
  it('lists only the merchant’s own deals, with live codes and expiry', async () => {
    const res = await rosa.get('/api/merchant/deals');
    expect(res.status).toBe(200);
    const ids = res.body.map((d: { id: string }) => d.id);
    expect(ids).toEqual(expect.arrayContaining([DEALS_SEED.rosaPercentDealId, DEALS_SEED.rosaAmountDealId]));
    expect(ids).not.toContain(DEALS_SEED.otherMerchantDealId);
    const amount = res.body.find((d: { id: string }) => d.id === DEALS_SEED.rosaAmountDealId);
    expect(amount).toMatchObject({ title: '$3 Off Any Latte', discountPercent: null, discountAmount: 300, active: true, usedCount: 0, maxUses: null });
    expect(amount.currentCode).toMatch(/^\d{6}$/);
    const expires = new Date(amount.codeExpiresAt).getTime();
    expect(expires % 120_000).toBe(0);
    expect(expires).toBeGreaterThan(Date.now() - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(120_000);
  });

  it('gives a pending merchant no codes and members no access', async () => {
    const member = await t.signIn(SEED.member);
    expect((await member.get('/api/merchant/deals')).status).toBe(403);
  });
});

describe('POST /api/merchant/deals', () => {
  it('creates a percent deal with the default category and a code', async () => {
    const res = await rosa.post('/api/merchant/deals', { title: '  Cookie Club  ', description: ' 10% off cookies ', discountPercent: 10 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Cookie Club', description: '10% off cookies', discountPercent: 10, discountAmount: null,
      category: 'general', active: true, usedCount: 0, maxUses: null, validFrom: null, validTo: null,
    });
    expect(res.body.currentCode).toMatch(/^\d{6}$/);
  });

  it('creates an amount deal in cents with limits and a validity window', async () => {
    const res = await rosa.post('/api/merchant/deals', {
      title: '$1 off muffins', description: 'Any muffin', discountAmount: 100, maxUses: 25, category: 'food-drink',
      validFrom: '2026-01-01', validTo: '2099-12-31T18:00:00-07:00',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ discountAmount: 100, discountPercent: null, maxUses: 25, category: 'food-drink' });
    expect(res.body.validFrom).toBe('2026-01-01T00:00:00.000Z');
    expect(res.body.validTo).toBe('2100-01-01T01:00:00.000Z');
  });

  it('gives no code to a deal that has not started yet', async () => {
    const res = await rosa.post('/api/merchant/deals', { ...valid, validFrom: '2099-01-01', validTo: '2099-02-01' });
    expect(res.status).toBe(201);
    expect(res.body.currentCode).toBeNull();
    expect(res.body.codeExpiresAt).toBeNull();
  });

  it.each([
    [{ ...valid, title: '   ' }, 'The title is required'],
    [{ ...valid, title: 'x'.repeat(101) }, 'The title must be at most 100 characters'],
    [{ ...valid, description: undefined }, 'The description is required'],
    [{ ...valid, description: 'x'.repeat(501) }, 'The description must be at most 500 characters'],
    [{ ...valid, discountPercent: 0 }, 'The discount percentage must be a whole number from 1 to 100'],
    [{ ...valid, discountPercent: 101 }, 'The discount percentage must be a whole number from 1 to 100'],
    [{ ...valid, discountPercent: 12.5 }, 'The discount percentage must be a whole number from 1 to 100'],
    [{ ...valid, discountPercent: undefined, discountAmount: 0 }, 'The discount amount must be at least 1 cent ($0.01)'],
    [{ ...valid, discountPercent: undefined, discountAmount: 1.5 }, 'The discount amount must be a whole number of cents'],
    [{ ...valid, discountPercent: undefined }, 'The discount percentage or the discount amount is required'],
    [{ ...valid, discountAmount: 100 }, 'The discount percentage and the discount amount cannot both be set: choose one discount type'],
    [{ ...valid, maxUses: 0 }, 'The maximum number of uses must be at least 1'],
    [{ ...valid, category: 'weapons' }, 'The category must be one of the deal categories'],
    [{ ...valid, validFrom: '2026-03-02', validTo: '2026-03-01' }, 'The last day must not be before the first day'],
    [{ ...valid, validTo: 'next tuesday' }, 'The last day must be a date or an ISO date-time'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const res = await rosa.post('/api/merchant/deals', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('accepts exactly 100/500 characters and $0.01', async () => {
    const res = await rosa.post('/api/merchant/deals', {
      title: 'x'.repeat(100), description: 'y'.repeat(500), discountAmount: 1, discountPercent: null,
    });
    expect(res.status).toBe(201);
  });
});

describe('PATCH and DELETE /api/merchant/deals/{id}', () => {
  const create = async () => (await rosa.post('/api/merchant/deals', valid)).body as { id: string };

  it('toggles active with {active} only, hiding the code while inactive', async () => {
    const deal = await create();
    const off = await rosa.patch(`/api/merchant/deals/${deal.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, currentCode: null, title: valid.title });
    const on = await rosa.patch(`/api/merchant/deals/${deal.id}`, { active: true });
    expect(on.body.currentCode).toMatch(/^\d{6}$/);
  });

  it('switches discount kind on edit when the unused kind is sent as null, and checks the merged deal', async () => {
    const deal = await create();
    const both = await rosa.patch(`/api/merchant/deals/${deal.id}`, { discountAmount: 250 });
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/cannot both be set/);
    const switched = await rosa.patch(`/api/merchant/deals/${deal.id}`, {
      title: 'Edited', description: 'New words', discountPercent: null, discountAmount: 250, category: 'retail-shopping', maxUses: 5,
    });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ title: 'Edited', discountPercent: null, discountAmount: 250, category: 'retail-shopping', maxUses: 5 });
    const backwards = await rosa.patch(`/api/merchant/deals/${deal.id}`, { validFrom: '2030-01-02', validTo: '2030-01-01' });
    expect(backwards.body.message).toBe('The last day must not be before the first day');
    expect((await rosa.patch(`/api/merchant/deals/${deal.id}`, {})).body.message).toBe('Nothing to update');
  });

  it('refuses maxUses below the uses already recorded', async () => {
    const deal = await create();
    await asService(t.database, (q) => q(`update public.deals set used_count = 3 where id = $1`, [deal.id]));
    const res = await rosa.patch(`/api/merchant/deals/${deal.id}`, { maxUses: 2 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The maximum number of uses cannot be less than the 3 uses already recorded');
  });

  it('DELETE deactivates; DELETE ?permanent=true removes the deal', async () => {
    const deal = await create();
    const deactivated = await rosa.delete(`/api/merchant/deals/${deal.id}`);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ id: deal.id, deleted: false, deal: { active: false } });
    const removed = await rosa.delete(`/api/merchant/deals/${deal.id}?permanent=true`);
    expect(removed.body).toEqual({ id: deal.id, deleted: true, deal: null });
    const [secret] = await t.database.admin.query(`select count(*)::int as n from private.deal_secrets where deal_id = $1`, [deal.id]);
    expect(secret).toEqual({ n: 0 });
    expect((await rosa.delete(`/api/merchant/deals/${deal.id}`)).status).toBe(404);
  });

  it('a merchant cannot touch another merchant’s deal, even a live one it can see', async () => {
    const patch = await other.patch(`/api/merchant/deals/${DEALS_SEED.rosaPercentDealId}`, { title: 'Mine now' });
    expect(patch.status).toBe(404);
    const del = await other.delete(`/api/merchant/deals/${DEALS_SEED.rosaPercentDealId}?permanent=true`);
    expect(del.status).toBe(404);
    const [row] = await asService(t.database, (q) => q<{ title: string }>(`select title from public.deals where id = $1`, [DEALS_SEED.rosaPercentDealId]));
    expect(row.title).toBe('20% Off Breakfast Burritos');
    expect((await other.patch('/api/merchant/deals/not-a-uuid', { active: false })).status).toBe(404);
  });
});
