// The promise's tables (decision 191) both ways: public.counter_refusals (read by the business's owner and staff,
// the member and the admin) and public.account_credits (read by the member and the admin); nobody writes either
// but their SQL functions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { DEALS_SEED } from '../../tests/support/deals-seed.ts';
import { asAnon, asService, asUser, insertProfiles, openTestDatabase, secondAdmin } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
const ROSA = SEED.merchantOwner.id;
const ROSA_SHOP = SEED.activeMerchantId;
const MEMBER = SEED.member.id;
const OTHER_OWNER = DEALS_SEED.otherMerchant.ownerId;
const OTHER_MEMBER = 'a0000000-0000-4000-8000-0000000009a1';
const OTHER_ADMIN = 'a0000000-0000-4000-8000-0000000009ad';
const STAFF_USER = 'a0000000-0000-4000-8000-0000000009f1';
const denied = expect.objectContaining({ code: '42501' });

beforeAll(async () => {
  db = await openTestDatabase();
  await asService(db, (q) => insertProfiles(q, secondAdmin(OTHER_ADMIN, 'promise-admin@example.com'),
    { id: OTHER_MEMBER, email: 'promise-other@example.com', name: 'Olga Other', role: 'USER' },
    { id: STAFF_USER, email: 'promise-staff@example.com', name: 'Sid Staff', role: 'STAFF' }));
  await db.admin.query(`insert into public.merchant_staff (merchant_id, user_id, name, email, accepted_at) values ($1, $2, 'Sid Staff', 'promise-staff@example.com', now())`,
    [ROSA_SHOP, STAFF_USER]);
  await db.admin.query(`insert into public.counter_refusals (merchant_id, member_id, deal_id, deal_title, reason) values ($1, $2, $3, 'Latte', 'Once per member')`,
    [ROSA_SHOP, MEMBER, DEALS_SEED.rosaPercentDealId]);
  await db.admin.query(`select private.grant_account_credit($1, 999, 'offer_not_honoured', 'offer_report:rls')`, [MEMBER]);
});
afterAll(() => db.close());

const count = async (who: string, table: string) =>
  (await asUser(db, who, (q) => q<{ n: number }>(`select count(*)::int as n from public.${table}`)))[0]!.n;

describe('public.counter_refusals', () => {
  it('is read by the owner, the staff, the member and the designated admin; not by others', async () => {
    for (const reader of [ROSA, STAFF_USER, MEMBER, TEST_ADMIN.id]) expect(await count(reader, 'counter_refusals')).toBe(1);
    for (const other of [OTHER_OWNER, OTHER_MEMBER, OTHER_ADMIN]) expect(await count(other, 'counter_refusals')).toBe(0);
    await expect(asAnon(db, (q) => q(`select * from public.counter_refusals`))).rejects.toEqual(denied);
  });
  it('is written by nobody directly, not even the counter', async () => {
    for (const who of [ROSA, STAFF_USER, MEMBER, TEST_ADMIN.id]) {
      await expect(asUser(db, who, (q) => q(`insert into public.counter_refusals (merchant_id, member_id, deal_title, reason) values ($1, $2, 'x', 'x')`,
        [ROSA_SHOP, MEMBER]))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`delete from public.counter_refusals`))).rejects.toEqual(denied);
    }
  });
  it('private.record_counter_refusal keeps a refusal only for an active member of the caller\'s deal', async () => {
    await db.admin.query(`insert into public.subscriptions (user_id, plan, status, provider, provider_customer_id, provider_subscription_id, current_period_start, current_period_end)
      values ($1, 'monthly', 'active', 'test', 'cus_rls', 'sub_rls_promise', now(), now() + interval '1 month') on conflict do nothing`, [MEMBER]);
    const [{ member_number: n }] = await db.admin.query<{ member_number: number }>(`select member_number from public.profiles where id = $1`, [MEMBER]);
    const [{ member_number: inactive }] = await db.admin.query<{ member_number: number }>(`select member_number from public.profiles where id = $1`, [OTHER_MEMBER]);
    const keep = (who: string, deal: string, number: number) =>
      asUser(db, who, (q) => q<{ id: string | null }>(`select private.record_counter_refusal($1, $2, 'Already used today') as id`, [deal, number]));
    expect((await keep(STAFF_USER, DEALS_SEED.rosaPercentDealId, n))[0]!.id).not.toBeNull();
    expect((await keep(ROSA, DEALS_SEED.rosaPercentDealId, inactive))[0]!.id).toBeNull();
    expect((await keep(ROSA, DEALS_SEED.otherMerchantDealId, n))[0]!.id).toBeNull();
    await expect(keep(MEMBER, DEALS_SEED.rosaPercentDealId, n)).rejects.toEqual(expect.objectContaining({ code: 'PL403' }));
  });
});

describe('public.account_credits', () => {
  it('is read by the member and the designated admin; not by others', async () => {
    expect(await count(MEMBER, 'account_credits')).toBe(1);
    expect(await count(TEST_ADMIN.id, 'account_credits')).toBe(1);
    for (const other of [OTHER_MEMBER, ROSA, STAFF_USER, OTHER_ADMIN]) expect(await count(other, 'account_credits')).toBe(0);
    await expect(asAnon(db, (q) => q(`select * from public.account_credits`))).rejects.toEqual(denied);
  });
  it('is written only through its functions, which clients cannot call', async () => {
    for (const who of [MEMBER, TEST_ADMIN.id]) {
      await expect(asUser(db, who, (q) => q(`insert into public.account_credits (user_id, amount_cents, reason, source) values ($1, 5000, 'offer_not_honoured', 'mine')`,
        [MEMBER]))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`update public.account_credits set amount_cents = 99999`))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`select private.grant_account_credit($1, 5000, 'offer_not_honoured', 'mine')`, [MEMBER]))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`select private.apply_account_credit($1, 999, 'in_x')`, [MEMBER]))).rejects.toEqual(denied);
    }
    await expect(asService(db, (q) => q(`insert into public.account_credits (user_id, amount_cents, reason, source) values ($1, 1, 'offer_not_honoured', 'svc')`,
      [MEMBER]))).rejects.toEqual(denied);
  });
  it('grants once per source and takes off at most the balance, once per invoice', async () => {
    const grant = () => asService(db, (q) => q<{ id: string | null }>(`select (private.grant_account_credit($1, 999, 'offer_not_honoured', 'offer_report:rls')).id`, [MEMBER]));
    expect((await grant())[0]!.id).toBeNull();
    const apply = (due: number, invoice: string, cap: number | null = null) =>
      asService(db, (q) => q<{ used: number }>(`select private.apply_account_credit($1, $2, $3, $4) as used`, [MEMBER, due, invoice, cap]));
    expect((await apply(600, 'in_rls_1'))[0]!.used).toBe(600);
    expect((await apply(600, 'in_rls_1'))[0]!.used).toBe(600);
    expect((await apply(10000, 'in_rls_2', 100))[0]!.used).toBe(100);
    expect((await apply(10000, 'in_rls_3'))[0]!.used).toBe(299);
    expect((await apply(10000, 'in_rls_4'))[0]!.used).toBe(0);
  });
});
