import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { registerMerchant, type MerchantAccount } from '../../../../tests/support/merchant-accounts.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { asService, asUser } from '../../../../tests/support/test-database.ts';

let t: TestApp;
let bakery: MerchantAccount;
let yoga: MerchantAccount;
let outsider: MerchantAccount;
let rosa: Agent;

beforeAll(async () => {
  t = await createTestApp();
  // The seed gives Rosa's River Cafe two collaborations; these tests start without them.
  await asService(t.database, (q) => q(`delete from public.collaborations`));
  bakery = await registerMerchant(t, { name: 'Blue Heron Bakery', type: 'food', cityId: SEED.lyonsId });
  yoga = await registerMerchant(t, { name: 'Riverside Yoga Studio', type: 'health-wellness', cityId: SEED.longmontId });
  outsider = await registerMerchant(t, { name: 'Outsider Outfitters', type: 'retail' });
  rosa = await t.signIn(SEED.merchantOwner);
});
afterAll(() => t.close());

const request = (recipientBusinessId: string, extra: Record<string, unknown> = {}) => ({
  recipientBusinessId,
  requesterDiscountLabel: '15% off all items',
  recipientDiscountLabel: '10% off services',
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  exclusionsText: 'Not valid with other offers',
  message: 'Neighbours helping neighbours!',
  ...extra,
});

describe('POST /api/collabs', () => {
  it('creates a PENDING request that both parties see, and nobody else', async () => {
    const res = await bakery.agent.post('/api/collabs', request(yoga.merchantId));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'PENDING', direction: 'sent', partnerEmail: null,
      requesterBusiness: { id: bakery.merchantId, name: 'Blue Heron Bakery' },
      recipientBusiness: { id: yoga.merchantId, name: 'Riverside Yoga Studio' },
      requesterDiscountLabel: '15% off all items', recipientDiscountLabel: '10% off services',
      startDate: '2026-12-01', endDate: '2026-12-31', exclusionsText: 'Not valid with other offers',
      message: 'Neighbours helping neighbours!',
    });
    expect(new Date(res.body.createdAt).toString()).not.toBe('Invalid Date');

    const theirs = await yoga.agent.get('/api/collabs');
    expect(theirs.body).toHaveLength(1);
    expect(theirs.body[0]).toMatchObject({ id: res.body.id, direction: 'received', status: 'PENDING' });
    expect((await outsider.agent.get('/api/collabs')).body).toEqual([]);
    expect((await rosa.get('/api/collabs')).body).toEqual([]);
  });

  /** A request from `from` to business `to` that must be refused with this status (and message). */
  const refused = async (from: MerchantAccount, to: string, status: number, message?: string) => {
    const res = await from.agent.post('/api/collabs', request(to));
    expect(res.status).toBe(status);
    if (message) expect(res.body.message).toBe(message);
  };

  it('refuses a second pending request to the same business, either way round (409)', async () => {
    await refused(bakery, yoga.merchantId, 409, 'You already have a pending collaboration request with Riverside Yoga Studio');
    await refused(yoga, bakery.merchantId, 409, 'Blue Heron Bakery has already sent you a collaboration request. Answer it under Requests.');
  });

  it('refuses a request to yourself (409), to a pending or unknown business (404)', async () => {
    await refused(bakery, bakery.merchantId, 409, 'You cannot send a collaboration request to your own business');
    await refused(bakery, SEED.pendingMerchantId, 404, 'That business does not exist or is not approved yet');
    await refused(bakery, '00000000-0000-4000-8000-00000000dead', 404);
  });

  it('validates dates and lengths with messages naming the field (400)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ endDate: '2026-11-30' }, 'The end date must not be before the start date'],
      [{ startDate: '' }, 'The start date must be a date (YYYY-MM-DD)'],
      [{ startDate: '2026-02-30' }, 'The start date must be a real date'],
      [{ requesterDiscountLabel: '   ' }, 'Your discount offer is required'],
      [{ recipientDiscountLabel: undefined }, 'The requested discount is required'],
      [{ requesterDiscountLabel: 'x'.repeat(101) }, 'Your discount offer must be at most 100 characters'],
      [{ exclusionsText: 'x'.repeat(501) }, 'The exclusions must be at most 500 characters'],
      [{ message: 'x'.repeat(1001) }, 'The message must be at most 1000 characters'],
      [{ recipientBusinessId: 'nope' }, 'The recipient business must be a valid id'],
    ];
    for (const [change, message] of cases) {
      const res = await outsider.agent.post('/api/collabs', request(rosaMerchant(), change));
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await outsider.agent.get('/api/collabs')).body).toEqual([]);
  });

  it('accepts an open end date, and blank optional fields as none', async () => {
    const res = await outsider.agent.post('/api/collabs', request(rosaMerchant(), { endDate: '', exclusionsText: ' ', message: '' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ endDate: null, exclusionsText: null, message: null });
  });

  it('needs an approved business: members, visitors and pending merchants cannot send', async () => {
    const member = await t.signIn(SEED.member);
    expect((await member.post('/api/collabs', request(yoga.merchantId))).status).toBe(403);
    expect((await member.get('/api/collabs')).status).toBe(403);
    expect((await t.agent().post('/api/collabs', request(yoga.merchantId))).status).toBe(401);
    const pending = await t.signIn(SEED.pendingOwner);
    const res = await pending.post('/api/collabs', request(yoga.merchantId));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You need an approved business to collaborate with other businesses');
    const admin = await t.signIn(TEST_ADMIN);
    expect((await admin.get('/api/collabs')).status).toBe(403);
  });
});

describe('accept and deny', () => {
  it('only the recipient answers, only from PENDING (409 after), and both then see it accepted with the partner email', async () => {
    const [sent] = (await bakery.agent.get('/api/collabs?status=PENDING')).body;
    expect((await bakery.agent.post(`/api/collabs/${sent.id}/accept`)).status).toBe(403);
    expect((await outsider.agent.post(`/api/collabs/${sent.id}/accept`)).status).toBe(404);
    expect((await rosa.post(`/api/collabs/${sent.id}/deny`)).status).toBe(404);

    const accepted = await yoga.agent.post(`/api/collabs/${sent.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'ACCEPTED', partnerEmail: bakery.email });
    const mine = (await bakery.agent.get('/api/collabs?status=ACCEPTED')).body;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: sent.id, partnerEmail: yoga.email });

    const again = await yoga.agent.post(`/api/collabs/${sent.id}/deny`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This collaboration request was already accepted');
    expect((await yoga.agent.post(`/api/collabs/${sent.id}/accept`)).status).toBe(409);
  });

  it('deny moves PENDING to DENIED; a new request is then possible', async () => {
    const [open] = (await rosa.get('/api/collabs?status=PENDING')).body;
    expect(open.requesterBusiness.name).toBe('Outsider Outfitters');
    const denied = await rosa.post(`/api/collabs/${open.id}/deny`);
    expect(denied.body).toMatchObject({ status: 'DENIED', partnerEmail: null });
    expect((await rosa.post(`/api/collabs/${open.id}/accept`)).status).toBe(409);
    expect((await outsider.agent.post('/api/collabs', request(rosaMerchant()))).status).toBe(201);
  });

  it('answers 400 for a malformed id and filters by status', async () => {
    expect((await yoga.agent.post('/api/collabs/not-an-id/accept')).status).toBe(400);
    expect((await yoga.agent.get('/api/collabs?status=BOGUS')).status).toBe(400);
    expect((await yoga.agent.get('/api/collabs?status=DENIED')).body).toEqual([]);
  });
});

describe('POST /api/collabs/:id/cancel (issue 31)', () => {
  it('the sender withdraws a pending request: CANCELLED for both, only from PENDING, and a new request is then possible', async () => {
    const sent = await bakery.agent.post('/api/collabs', request(outsider.merchantId));
    expect(sent.status).toBe(201);
    // Only the sender: the recipient gets 403, anyone else 404 (they cannot see it).
    expect((await outsider.agent.post(`/api/collabs/${sent.body.id}/cancel`)).status).toBe(403);
    expect((await rosa.post(`/api/collabs/${sent.body.id}/cancel`)).status).toBe(404);

    const withdrawn = await bakery.agent.post(`/api/collabs/${sent.body.id}/cancel`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ id: sent.body.id, status: 'CANCELLED', direction: 'sent', partnerEmail: null });
    expect((await outsider.agent.get('/api/collabs?status=CANCELLED')).body).toMatchObject([{ id: sent.body.id, direction: 'received' }]);
    expect((await outsider.agent.get('/api/collabs?status=PENDING')).body.map((c: { id: string }) => c.id)).not.toContain(sent.body.id);

    const late = await outsider.agent.post(`/api/collabs/${sent.body.id}/accept`);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This collaboration request was already cancelled');
    expect((await bakery.agent.post(`/api/collabs/${sent.body.id}/cancel`)).status).toBe(409);
    expect((await bakery.agent.post('/api/collabs', request(outsider.merchantId))).status).toBe(201);
  });

  it('RLS: the recipient cannot write CANCELLED, the sender cannot write ACCEPTED, even in SQL', async () => {
    const [open] = (await bakery.agent.get('/api/collabs?status=PENDING')).body.filter((c: { recipientBusiness: { id: string } }) =>
      c.recipientBusiness.id === outsider.merchantId);
    const write = (userId: string, status: string) => asUser(t.database, userId, (q) =>
      q(`update public.collaborations set status = $2 where id = $1 returning id`, [open.id, status]));
    await expect(write(outsider.ownerId, 'CANCELLED')).rejects.toThrow(/row-level security/);
    await expect(write(bakery.ownerId, 'ACCEPTED')).rejects.toThrow(/row-level security/);
    expect(await write(bakery.ownerId, 'CANCELLED')).toHaveLength(1);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await bakery.agent.post('/api/collabs/not-an-id/cancel')).status).toBe(400);
    expect((await bakery.agent.post('/api/collabs/00000000-0000-4000-8000-000000000000/cancel')).status).toBe(404);
  });
});

const rosaMerchant = () => SEED.activeMerchantId;
