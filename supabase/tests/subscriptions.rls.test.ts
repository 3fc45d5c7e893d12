// RLS of subscriptions and payments, both ways, for every role: anon, a member, a merchant, a
// second ADMIN-role account that is not the designated admin, and the designated admin. Only the
// server (service_role) writes; members read only their own rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { asAnon, asService, asUser, openTestDatabase } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
const OTHER_ADMIN = 'a0000000-0000-4000-8000-0000000000ad';
const SECOND_MEMBER = 'a0000000-0000-4000-8000-0000000000b2';
const SEED_SUBSCRIPTION = '5b000000-0000-4000-8000-000000000001';
let secondSubscription: string;

const denied = expect.objectContaining({ code: '42501' });

beforeAll(async () => {
  db = await openTestDatabase();
  secondSubscription = await asService(db, async (q) => {
    await q(`insert into public.profiles (id, email, name, role) values ($1, 'second-admin@example.com', 'Second Admin', 'ADMIN')`, [OTHER_ADMIN]);
    await q(`insert into public.profiles (id, email, name, role, home_city_id) values ($1, 'second@example.com', 'Second Member', 'USER', $2)`,
      [SECOND_MEMBER, SEED.longmontId]);
    const [s] = await q<{ id: string }>(
      `insert into public.subscriptions (user_id, plan, status, provider, provider_customer_id, provider_subscription_id, current_period_start, current_period_end)
       values ($1, 'weekly', 'active', 'test', 'cus_2', 'sub_2', now(), now() + interval '7 days') returning id`, [SECOND_MEMBER]);
    await q(`insert into public.payments (user_id, subscription_id, provider, provider_invoice_id, amount_cents, charity_share_bps, charity_share_cents)
             values ($1, $2, 'test', 'in_2', 799, 1000, 0)`, [SECOND_MEMBER, s.id]);
    return s.id;
  });
});
afterAll(() => db.close());

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

describe.each(['subscriptions', 'payments'])('%s', (table) => {
  it('anon reads nothing', async () => {
    expect(await asAnon(db, (q) => q(`select id from public.${table}`))).toEqual([]);
  });

  it('a member reads only their own rows', async () => {
    const own = await asUser(db, SEED.member.id, (q) => q<{ id: string; user_id: string }>(`select id, user_id from public.${table}`));
    expect(own.length).toBe(1);
    expect(own.every((r) => r.user_id === SEED.member.id)).toBe(true);
    const second = await asUser(db, SECOND_MEMBER, (q) => q<{ user_id: string }>(`select user_id from public.${table}`));
    expect(second.map((r) => r.user_id)).toEqual([SECOND_MEMBER]);
  });

  it('a merchant and a second ADMIN-role account read none; the designated admin reads all', async () => {
    expect(await asUser(db, SEED.merchantOwner.id, (q) => q(`select id from public.${table}`))).toEqual([]);
    expect(await asUser(db, OTHER_ADMIN, (q) => q(`select id from public.${table}`))).toEqual([]);
    const all = await asUser(db, TEST_ADMIN.id, (q) => q<{ id: string }>(`select id from public.${table}`));
    expect(all.length).toBe(2);
    expect(ids(all)).toEqual(ids(await asService(db, (q) => q<{ id: string }>(`select id from public.${table}`))));
  });

  it('no signed-in role and not anon may insert, update or delete, not even their own rows', async () => {
    for (const who of [SEED.member.id, SEED.merchantOwner.id, OTHER_ADMIN, TEST_ADMIN.id]) {
      await expect(asUser(db, who, (q) => q(`update public.${table} set created_at = now() where user_id = $1`, [SEED.member.id]))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`delete from public.${table} where user_id = $1`, [SEED.member.id]))).rejects.toEqual(denied);
    }
    await expect(asAnon(db, (q) => q(`delete from public.${table}`))).rejects.toEqual(denied);
  });
});

describe('writes', () => {
  it('members cannot create a subscription or a payment for themselves', async () => {
    await expect(asUser(db, SEED.member.id, (q) => q(
      `insert into public.subscriptions (user_id, plan, status, provider, provider_customer_id, provider_subscription_id, current_period_start, current_period_end)
       values ($1, 'yearly', 'active', 'test', 'c', 'forged', now(), now() + interval '1 year')`, [SEED.member.id]))).rejects.toEqual(denied);
    await expect(asUser(db, SEED.member.id, (q) => q(
      `insert into public.payments (user_id, subscription_id, provider, provider_invoice_id, amount_cents, charity_share_bps, charity_share_cents)
       values ($1, $2, 'test', 'forged', 1, 1000, 0)`, [SEED.member.id, SEED_SUBSCRIPTION]))).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(
      `insert into public.payments (user_id, subscription_id, provider, provider_invoice_id, amount_cents, charity_share_bps, charity_share_cents)
       values ($1, $2, 'test', 'forged', 1, 1000, 0)`, [SEED.member.id, SEED_SUBSCRIPTION]))).rejects.toEqual(denied);
  });

  it('the server (service_role) writes', async () => {
    const updated = await asService(db, (q) => q(`update public.subscriptions set cancel_at_period_end = false where id = $1 returning id`, [secondSubscription]));
    expect(updated).toHaveLength(1);
  });

  it('private checkouts and webhook events are out of reach of members', async () => {
    await expect(asUser(db, SEED.member.id, (q) => q(`select * from private.checkouts`))).rejects.toEqual(denied);
    await expect(asUser(db, SEED.member.id, (q) => q(`select * from private.processed_webhook_events`))).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(`select * from private.checkouts`))).rejects.toEqual(denied);
    // The held password hashes and the webhook ordering marks (decision 070) too, and the server can use them.
    await expect(asUser(db, SEED.member.id, (q) => q(`select password_hash from private.checkouts`))).rejects.toEqual(denied);
    await expect(asUser(db, SEED.member.id, (q) => q(`select * from private.subscription_event_marks`))).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(`select * from private.subscription_event_marks`))).rejects.toEqual(denied);
    expect(await asService(db, (q) => q(`select * from private.subscription_event_marks`))).toEqual(expect.any(Array));
  });
});

describe('charity share', () => {
  it('is 10% of the payment, rounded half up to a cent, for the chosen charity', async () => {
    const [p] = await asService(db, (q) => q<{ charity_id: string; charity_share_cents: number }>(
      `select charity_id, charity_share_cents from public.payments where user_id = $1`, [SEED.member.id]));
    expect(p).toEqual({ charity_id: SEED.lyonsCharityId, charity_share_cents: 100 });
  });

  it("falls back to the home city's default charity when none was chosen", async () => {
    const [p] = await asService(db, (q) => q<{ charity_id: string; charity_share_cents: number }>(
      `select charity_id, charity_share_cents from public.payments where user_id = $1`, [SECOND_MEMBER]));
    expect(p).toEqual({ charity_id: SEED.longmontCharityId, charity_share_cents: 80 });
  });
});

describe('pays_current_period (decision 199)', () => {
  it('is true for the latest payment of a running membership, read with the caller\'s rights', async () => {
    const [payment] = await asService(db, (q) => q<{ id: string }>(`select id from public.payments where provider_invoice_id = 'in_2'`));
    const pays = (who: string) => asUser(db, who, async (q) =>
      (await q<{ pays: boolean }>(`select private.pays_current_period($1) as pays`, [payment.id]))[0].pays);
    expect(await pays(SECOND_MEMBER)).toBe(true);
    expect(await pays(TEST_ADMIN.id)).toBe(true);
    // Another member's payment is out of sight (RLS applies): false, not a hint that it exists.
    expect(await pays(SEED.member.id)).toBe(false);
    await expect(asAnon(db, (q) => q(`select private.pays_current_period($1)`, [payment.id]))).rejects.toEqual(denied);
  });
});

describe('status helpers', () => {
  it('has_active_subscription and subscription_status_of follow status and time', async () => {
    const check = () => asUser(db, SECOND_MEMBER, async (q) => (await q<{ active: boolean; status: string }>(
      `select private.has_active_subscription($1) as active, private.subscription_status_of($1) as status`, [SECOND_MEMBER]))[0]);
    expect(await check()).toEqual({ active: true, status: 'active' });
    await asService(db, (q) => q(`update public.subscriptions set status = 'paused' where id = $1`, [secondSubscription]));
    expect(await check()).toEqual({ active: false, status: 'paused' });
    await asService(db, (q) => q(
      `update public.subscriptions set status = 'active', current_period_start = now() - interval '8 days', current_period_end = now() - interval '1 second' where id = $1`,
      [secondSubscription]));
    expect(await check()).toEqual({ active: false, status: 'canceled' });
    expect(await asUser(db, SEED.merchantOwner.id, async (q) => (await q<{ s: string }>(
      `select private.subscription_status_of($1) as s`, [SEED.merchantOwner.id]))[0].s)).toBe('none');
  });

  it('anon may not call has_active_subscription', async () => {
    await expect(asAnon(db, (q) => q(`select private.has_active_subscription($1)`, [SEED.member.id]))).rejects.toEqual(denied);
  });
});
