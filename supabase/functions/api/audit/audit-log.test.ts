// The audit log (issue 41, decision 202): each privileged act on someone else's data, made through the API, leaves
// exactly one entry (who, what in words, before and after); the admin searches and exports it as CSV; an owner reads
// their business's entries; RLS lets each role read what it should and nobody write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { startMemberTestApp } from '../../../../tests/support/member-app.ts';
import { registerMerchant } from '../../../../tests/support/merchant-accounts.ts';
import { subscribeThroughApi } from '../../../../tests/support/subscribe.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { asAnon, asService, asUser } from '../../../../tests/support/test-database.ts';
import { withPersonalCode } from '../../../../tests/support/counter-members.ts';
import { isoDay } from '../../_shared/iso-dates.ts';

let t: TestApp;
let rosa: Agent;
let maya: Agent;
let mayaNumber: number;
let admin: Agent;
const ROSA_SHOP = SEED.activeMerchantId;

beforeAll(async () => {
  ({ t, rosa, member: maya, memberNumber: mayaNumber } = await startMemberTestApp());
  admin = await t.signIn(TEST_ADMIN);
});
afterAll(() => t.close());

interface Row {
  actor_id: string | null; actor_label: string; action: string; description: string; merchant_id: string | null;
  subject_user_id: string | null; before: unknown; after: unknown;
}
const lastId = async () => (await asService(t.database, (q) => q<{ id: number }>(`select coalesce(max(id), 0)::int as id from public.admin_audit_log`)))[0].id;
const entriesSince = (id: number) => asService(t.database, (q) => q<Row>(
  `select actor_id, actor_label, action, description, merchant_id, subject_user_id, before, after
     from public.admin_audit_log where id > $1 order by id`, [id]));

let ip = 10;
const agentIp = () => `203.0.113.${++ip}`;

/** State the acts share (made by earlier rows of the table). */
const made: Record<string, string> = {};

interface Act {
  name: string;
  /** Whatever the act needs, made before the entries are counted. */
  setup?: () => Promise<void>;
  act: () => Promise<{ status: number }>;
  entry: () => Partial<Row>;
}

const acts: Act[] = [
  {
    name: 'the admin approves a business',
    setup: async () => { made.pending = (await registerMerchant(t, { name: 'Canyon Bikes', approved: false })).merchantId; },
    act: () => admin.post(`/api/admin/merchants/${made.pending}/approve`),
    entry: () => ({ action: 'business_approved', actor_id: TEST_ADMIN.id, actor_label: TEST_ADMIN.email, description: 'Canyon Bikes approved',
      merchant_id: made.pending, before: { listed: false }, after: { listed: true } }),
  },
  {
    name: 'the admin deletes a business',
    setup: async () => { ({ merchantId: made.doomed, ownerId: made.doomedOwner } = await registerMerchant(t, { name: 'Gone Fishing' })); },
    act: () => admin.delete(`/api/admin/merchants/${made.doomed}`),
    entry: () => ({ action: 'business_deleted', actor_id: TEST_ADMIN.id, description: 'Gone Fishing deleted', merchant_id: null,
      before: { name: 'Gone Fishing', address: '1 Main St', city: 'Lyons, Colorado', listed: true }, after: null }),
  },
  {
    name: 'the admin deletes an account (its business goes with it: one entry)',
    setup: async () => { made.leaverOwner = (await registerMerchant(t, { name: 'Leaving Soon' })).ownerId; },
    act: () => admin.delete(`/api/admin/users/${made.leaverOwner}`),
    entry: () => ({ action: 'account_deleted', actor_id: TEST_ADMIN.id, description: "Owner of Leaving Soon's business owner account deleted",
      subject_user_id: null, after: null }),
  },
  {
    name: 'the admin adds a city',
    act: async () => {
      const res = await admin.post('/api/admin/cities', { name: 'Estes Park', state: 'CO' });
      made.city = res.body.id;
      return res;
    },
    entry: () => ({ action: 'city_created', description: 'Estes Park, CO added', before: null,
      after: { name: 'Estes Park', state: 'CO', description: null, open: true, timeZone: 'America/Denver' } }),
  },
  {
    name: 'the admin closes a city',
    act: () => admin.patch(`/api/admin/cities/${made.city}`, { active: false }),
    entry: () => ({ action: 'city_updated', description: 'Estes Park, CO closed',
      before: expect.objectContaining({ open: true }), after: expect.objectContaining({ open: false }) }),
  },
  {
    name: 'the admin adds a charity',
    act: async () => {
      const res = await admin.post('/api/admin/charities', { cityId: SEED.lyonsId, name: 'Lyons Trail Crew', isDefault: false });
      made.charity = res.body.id;
      return res;
    },
    entry: () => ({ action: 'charity_created', description: 'Lyons Trail Crew added in Lyons, Colorado', before: null,
      after: { name: 'Lyons Trail Crew', default: false, retired: false } }),
  },
  {
    name: 'the admin makes a charity the default (the old default losing it is not a second entry)',
    act: () => admin.patch(`/api/admin/charities/${made.charity}`, { isDefault: true }),
    entry: () => ({ action: 'charity_updated', description: 'Lyons Trail Crew made the default charity of Lyons, Colorado',
      before: { name: 'Lyons Trail Crew', default: false, retired: false }, after: { name: 'Lyons Trail Crew', default: true, retired: false } }),
  },
  {
    name: 'the admin gives the default back (restoring the seed) and so changes the other charity',
    act: () => admin.patch(`/api/admin/charities/${SEED.lyonsCharityId}`, { isDefault: true }),
    entry: () => ({ action: 'charity_updated', description: expect.stringMatching(/^(?!Lyons Trail Crew).+ made the default charity of Lyons, Colorado$/) }),
  },
  {
    name: 'the admin deletes a city',
    act: () => admin.delete(`/api/admin/cities/${made.city}`),
    entry: () => ({ action: 'city_deleted', description: 'Estes Park, CO deleted', after: null,
      before: expect.objectContaining({ name: 'Estes Park', open: false }) }),
  },
  {
    name: 'the owner invites a staff member',
    act: async () => {
      const res = await rosa.post('/api/merchant/staff', { name: 'Sam Barista', email: 'sam.barista@example.com' });
      made.staff = res.body.id;
      return res;
    },
    entry: () => ({ action: 'staff_invited', actor_id: SEED.merchantOwner.id, actor_label: SEED.merchantOwner.email,
      description: "Sam Barista invited to the staff of Rosa's River Cafe", merchant_id: ROSA_SHOP, before: null,
      after: { name: 'Sam Barista', email: 'sam.barista@example.com' } }),
  },
  {
    name: 'the owner removes the staff member',
    act: () => rosa.delete(`/api/merchant/staff/${made.staff}`),
    entry: () => ({ action: 'staff_removed', actor_id: SEED.merchantOwner.id, description: "Sam Barista removed from the staff of Rosa's River Cafe",
      merchant_id: ROSA_SHOP, before: { name: 'Sam Barista', email: 'sam.barista@example.com' }, after: null }),
  },
  {
    name: "a tablet pairs with the owner's code",
    setup: async () => { made.code = (await rosa.post('/api/merchant/counter-devices')).body.code; },
    act: () => t.agent(agentIp()).post('/api/counter/pair', { code: made.code }),
    entry: () => ({ action: 'tablet_paired', actor_id: null, actor_label: "Counter tablet with the owner's code",
      description: "A counter tablet paired with Rosa's River Cafe", merchant_id: ROSA_SHOP, before: null, after: { tablet: 'Counter tablet' } }),
  },
  {
    name: 'the owner unpairs the tablet',
    setup: async () => { made.tablet = (await rosa.get('/api/merchant/counter-devices')).body[0].id; },
    act: () => rosa.delete(`/api/merchant/counter-devices/${made.tablet}`),
    entry: () => ({ action: 'tablet_unpaired', actor_id: SEED.merchantOwner.id, description: "A counter tablet unpaired from Rosa's River Cafe",
      merchant_id: ROSA_SHOP, before: expect.objectContaining({ tablet: 'Counter tablet' }), after: null }),
  },
  {
    name: 'the admin hides a review',
    setup: async () => {
      const deal = (await rosa.post('/api/merchant/deals', { title: 'Audit latte', description: 'Rate me', discountPercent: 10 })).body;
      expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: mayaNumber }))).status).toBe(201);
      const review = await maya.post('/api/reviews', { merchantId: ROSA_SHOP, rating: 2, comment: 'Cold coffee' });
      expect(review.status).toBe(201);
      made.review = String(review.body.id);
    },
    act: () => admin.post(`/api/reviews/${made.review}/hide`, { reason: 'Off topic' }),
    entry: () => ({ action: 'review_hidden', actor_id: TEST_ADMIN.id, description: "Review of Rosa's River Cafe by Maya Member hidden",
      merchant_id: ROSA_SHOP, subject_user_id: SEED.member.id, before: { hidden: false }, after: { hidden: true } }),
  },
  {
    name: 'the admin hides a community post',
    setup: async () => { made.post = String((await maya.post('/api/community/posts', { text: 'Free kittens on Main St' })).body.id); },
    act: () => admin.post(`/api/community/posts/${made.post}/hide`, { reason: 'Not local business' }),
    entry: () => ({ action: 'post_hidden', description: 'Community post by Maya in Lyons: "Free kittens on Main St" hidden',
      merchant_id: null, before: { hidden: false }, after: { hidden: true } }),
  },
  {
    name: 'the admin rejects an "offer not honoured" report',
    setup: async () => {
      const report = await maya.post('/api/reviews/not-honoured', { merchantId: ROSA_SHOP, note: 'They refused my pass' });
      expect(report.status).toBe(201);
      made.report = String(report.body.id);
    },
    act: () => admin.post(`/api/reviews/not-honoured/${made.report}/decision`, { upheld: false, note: 'No visit on record' }),
    entry: () => ({ action: 'offer_report_rejected', actor_id: TEST_ADMIN.id,
      description: `"Offer not honoured" report by Maya Member about Rosa's River Cafe rejected`, merchant_id: ROSA_SHOP,
      before: { decision: null }, after: { decision: 'rejected', creditCents: 0 } }),
  },
  {
    name: 'the admin pauses a business',
    setup: async () => { made.paused = (await registerMerchant(t, { name: 'Shady Deals' })).merchantId; },
    act: () => admin.post(`/api/reviews/not-honoured/business/${made.paused}/pause`, { reason: 'Three upheld reports' }),
    entry: () => ({ action: 'business_paused', description: 'Shady Deals paused over "offer not honoured" reports', merchant_id: made.paused,
      before: { listed: true }, after: { listed: false } }),
  },
  {
    name: 'the admin refunds part of a payment',
    setup: async () => {
      const agent = t.agent(agentIp());
      const done = (await subscribeThroughApi(agent, { email: 'audit-refund@example.com', name: 'Rita Refund', password: 'secret123', homeCityId: SEED.lyonsId })).completed!;
      made.payer = done.body.user.id;
      made.payment = (await admin.get(`/api/admin/payments?userId=${made.payer}`)).body.payments[0].id;
    },
    act: () => admin.post(`/api/admin/payments/${made.payment}/refund`, { amountCents: 300, reason: 'Shop closed' }),
    entry: () => ({ action: 'refund', actor_id: TEST_ADMIN.id, description: "Refund of $3 of Rita Refund's payment of $9.99",
      subject_user_id: made.payer, before: { refundedCents: 0 }, after: { refundedCents: 300, membershipEnded: false } }),
  },
  {
    name: 'the admin opens a test dispute',
    act: () => admin.post(`/api/admin/payments/${made.payment}/test-dispute`, { action: 'open' }),
    entry: () => ({ action: 'dispute_opened', description: "Dispute of Rita Refund's payment of $9.99 opened", before: null, after: { dispute: 'open' } }),
  },
];

describe('every privileged act', () => {
  it.each(acts.map((a) => [a.name, a] as const))('%s: exactly one entry with who, what, before and after', async (_name, a) => {
    await a.setup?.();
    const mark = await lastId();
    const res = await a.act();
    expect(res.status, JSON.stringify(res)).toBeLessThan(300);
    const entries = await entriesSince(mark);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject(a.entry());
  });
});

describe('the admin reads', () => {
  it('searches words over what, who and whom; filters by action and day; pages with a cursor', async () => {
    const found = await admin.get('/api/admin/audit-log?q=barista');
    expect(found.status).toBe(200);
    expect(found.body.entries.map((e: { action: string }) => e.action)).toEqual(['staff_removed', 'staff_invited']);
    expect(found.body.entries[1]).toMatchObject({ actor: SEED.merchantOwner.email, businessName: "Rosa's River Cafe", subjectName: 'Sam Barista' });
    // Whom: the member's email; who: the owner's email.
    expect((await admin.get('/api/admin/audit-log?q=audit-refund@example')).body.entries.map((e: { action: string }) => e.action))
      .toEqual(['dispute_opened', 'refund']);
    expect((await admin.get(`/api/admin/audit-log?q=${encodeURIComponent(SEED.merchantOwner.email)}&action=tablet_unpaired`)).body.entries).toHaveLength(1);
    // A % in the search is a %, not "anything".
    expect((await admin.get('/api/admin/audit-log?q=%25')).body.entries).toEqual([]);
    const today = isoDay(new Date());
    expect((await admin.get(`/api/admin/audit-log?action=city_created&from=${today}&to=${today}`)).body.entries).toHaveLength(1);
    expect((await admin.get('/api/admin/audit-log?action=city_created&to=2000-01-01')).body.entries).toEqual([]);

    const first = await admin.get('/api/admin/audit-log');
    expect(first.body.entries.length).toBeGreaterThanOrEqual(acts.length);
    const all = [...first.body.entries];
    let cursor = first.body.nextCursor as string | null;
    while (cursor) {
      const next = await admin.get(`/api/admin/audit-log?cursor=${cursor}`);
      all.push(...next.body.entries);
      cursor = next.body.nextCursor;
    }
    const ids = all.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    const small = await admin.get('/api/admin/audit-log?action=charity_updated');
    expect(small.body).toMatchObject({ nextCursor: null });

    expect((await admin.get('/api/admin/audit-log?action=nope')).status).toBe(400);
    expect((await admin.get('/api/admin/audit-log?from=yesterday')).body.message).toBe('The start date must be a date (YYYY-MM-DD)');
    expect((await admin.get('/api/admin/audit-log?cursor=x')).status).toBe(400);
  });

  it('exports the search as CSV through the one CSV writer', async () => {
    const res = await admin.request('GET', '/api/admin/audit-log?q=barista&format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (res.body as string).split('\r\n');
    expect(lines[0]).toBe('When (UTC),Who,Action,What,Business,Member,Member email,Why,Before,After');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T[^,]+,merchant@paylocal\.local,Staff removed,Sam Barista removed from the staff of Rosa's River Cafe,Rosa's River Cafe,Sam Barista,/);
    expect(lines[2]).toContain(',"{""name"":""Sam Barista"",""email"":""sam.barista@example.com""}"');
  });

  it('is for the admin only', async () => {
    for (const agent of [rosa, maya, t.agent()]) {
      expect((await agent.get('/api/admin/audit-log')).status).toBeGreaterThanOrEqual(401);
      expect((await agent.request('GET', '/api/admin/audit-log?format=csv')).status).toBeGreaterThanOrEqual(401);
    }
  });
});

describe("an owner reads their business's entries", () => {
  it('sees what they and Pay Local did to the business, and nothing of others', async () => {
    const res = await rosa.get('/api/merchant/audit-log');
    expect(res.status).toBe(200);
    const entries = res.body.entries as { actor: string; action: string; description: string }[];
    expect(entries.map((e) => e.action)).toEqual(['offer_report_rejected', 'review_hidden', 'tablet_unpaired', 'tablet_paired', 'staff_removed', 'staff_invited']);
    expect(entries.map((e) => e.actor)).toEqual(['Pay Local', 'Pay Local', 'You', "Counter tablet with the owner's code", 'You', 'You']);
    expect(JSON.stringify(res.body)).not.toContain(TEST_ADMIN.email);
    expect(res.body.nextCursor).toBeNull();
    const other = await registerMerchant(t, { name: 'Quiet Corner' });
    expect((await other.agent.get('/api/merchant/audit-log')).body.entries).toEqual([]);
    expect((await maya.get('/api/merchant/audit-log')).status).toBe(403);
    expect((await t.agent().get('/api/merchant/audit-log')).status).toBe(401);
  });
});

describe('row-level security', () => {
  const rosaRows = (rows: { merchant_id: string | null }[]) => rows.filter((r) => r.merchant_id === ROSA_SHOP).length;
  const read = `select id, merchant_id from public.admin_audit_log`;

  it('reads: the admin all, an owner their business, nobody else anything', async () => {
    const all = await asService(t.database, (q) => q<{ merchant_id: string | null }>(read));
    expect(await asUser(t.database, TEST_ADMIN.id, (q) => q(read))).toHaveLength(all.length);
    const owner = await asUser(t.database, SEED.merchantOwner.id, (q) => q<{ merchant_id: string | null }>(read));
    expect(owner.length).toBe(rosaRows(all));
    expect(owner.every((r) => r.merchant_id === ROSA_SHOP)).toBe(true);
    expect(await asUser(t.database, SEED.pendingOwner.id, (q) => q(read))).toEqual([]);
    expect(await asUser(t.database, SEED.member.id, (q) => q(read))).toEqual([]);
    const [staff] = await asService(t.database, (q) => q<{ user_id: string }>(`select user_id from public.merchant_staff where merchant_id = $1 limit 1`, [ROSA_SHOP]));
    expect(await asUser(t.database, staff.user_id, (q) => q(read))).toEqual([]);
    expect(await asAnon(t.database, (q) => q(read).catch(() => []))).toEqual([]);
  });

  it('writes: nobody through the API roles; nothing edits an entry, but a deleted name leaves it', async () => {
    const insert = `insert into public.admin_audit_log (actor_label, action, description, merchant_id) values ('me', 'staff_invited', 'forged', '${ROSA_SHOP}')`;
    for (const id of [TEST_ADMIN.id, SEED.merchantOwner.id, SEED.member.id]) {
      await expect(asUser(t.database, id, (q) => q(insert))).rejects.toThrow();
    }
    await expect(asService(t.database, (q) => q(insert))).rejects.toThrow();
    await expect(asAnon(t.database, (q) => q(insert))).rejects.toThrow();
    await expect(asUser(t.database, SEED.merchantOwner.id, (q) => q(`select private.audit('staff_invited', 'forged', null, null, null, null)`))).rejects.toThrow();
    // The account and the business an entry names may go: the entry stays, only its keys set null.
    expect((await admin.delete(`/api/admin/users/${made.doomedOwner}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/merchants/${made.pending}`)).status).toBe(200);
    const kept = await asService(t.database, (q) => q<Row>(
      `select * from public.admin_audit_log where description in ('Gone Fishing deleted', 'Canyon Bikes approved') order by id`));
    expect(kept).toMatchObject([{ merchant_id: null, action: 'business_approved' }, { subject_user_id: null, action: 'business_deleted' }]);
  });
});
