// Staff on the counter in the database (private.invite_staff in supabase/schemas/staff.sql, the counter functions in counter.sql, decision 166), both ways, for every role:
// anon, a member, the owner, another owner, the business's staff member, a removed staff member, a second
// ADMIN-role account and the designated admin. Staff resolve their business for the counter functions only;
// every owner-only path (deals, the business row, redemptions and points, insights, the staff functions)
// refuses them, and the PIN tries are counted exactly under concurrency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { DEALS_SEED } from '../../tests/support/deals-seed.ts';
import { asAnon, asService, asUser, insertProfiles, openTestDatabase, secondAdmin } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
const ROSA = SEED.merchantOwner.id;
const ROSA_SHOP = SEED.activeMerchantId;
const OTHER = DEALS_SEED.otherMerchant.ownerId;
const OTHER_ADMIN = 'a0000000-0000-4000-8000-0000000000ad';
const STAFF_USER = 'a0000000-0000-4000-8000-0000000005f1';
const REMOVED_USER = 'a0000000-0000-4000-8000-0000000005f2';
const STAFF = 'e0000000-0000-4000-8000-0000000005f1';
const REMOVED = 'e0000000-0000-4000-8000-0000000005f2';
const denied = expect.objectContaining({ code: '42501' });
const ownerOnly = expect.objectContaining({ code: 'PL403' });

beforeAll(async () => {
  db = await openTestDatabase();
  await asService(db, async (q) => {
    await insertProfiles(q, secondAdmin(OTHER_ADMIN),
      { id: STAFF_USER, email: 'staff@example.com', name: 'Stella Staff', role: 'STAFF' },
      { id: REMOVED_USER, email: 'removed@example.com', name: 'Remy Removed', role: 'STAFF' });
    await q(`insert into public.merchant_staff (id, merchant_id, user_id, name, email, accepted_at, removed_at) values
      ($1, $3, $4, 'Stella Staff', 'staff@example.com', now(), null),
      ($2, $3, $5, 'Remy Removed', 'removed@example.com', now(), now())`, [STAFF, REMOVED, ROSA_SHOP, STAFF_USER, REMOVED_USER]);
    await q(`insert into private.staff_secrets (staff_id, pin_hash) values ($1, '$2a$04$fakefakefakefakefakefuQ8p0m0lW4yW3m6aH0bUuJ1mN2o3p4q'), ($2, null)`, [STAFF, REMOVED]);
  });
});
afterAll(() => db.close());

const staffRowsFor = async (who: string) =>
  (await asUser(db, who, (q) => q<{ id: string }>(`select id from public.merchant_staff order by id`))).map((r) => r.id);

describe('public.merchant_staff', () => {
  it('is read by the owner (their staff), the staff member (their own row) and the designated admin; no one else', async () => {
    expect(await staffRowsFor(ROSA)).toEqual([STAFF, REMOVED]);
    expect(await staffRowsFor(STAFF_USER)).toEqual([STAFF]);
    expect(await staffRowsFor(TEST_ADMIN.id)).toEqual([STAFF, REMOVED]);
    for (const who of [OTHER, SEED.member.id, OTHER_ADMIN, SEED.pendingOwner.id]) expect(await staffRowsFor(who)).toEqual([]);
    await expect(asAnon(db, (q) => q(`select id from public.merchant_staff`))).rejects.toEqual(denied);
  });

  it('is written by no signed-in user directly, the owner included (only the staff functions write it)', async () => {
    for (const who of [ROSA, STAFF_USER, TEST_ADMIN.id, SEED.member.id]) {
      await expect(asUser(db, who, (q) => q(
        `insert into public.merchant_staff (merchant_id, user_id, name, email) values ($1, $2, 'X', 'x@example.com')`, [ROSA_SHOP, who]))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`update public.merchant_staff set name = 'Y' where id = $1`, [STAFF]))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`delete from public.merchant_staff where id = $1`, [STAFF]))).rejects.toEqual(denied);
    }
    await expect(asAnon(db, (q) => q(`delete from public.merchant_staff`))).rejects.toEqual(denied);
  });

  it('keeps the private tables closed to every signed-in user and visitor', async () => {
    for (const table of ['private.staff_secrets', 'private.counter_devices', 'private.counter_pairing_codes']) {
      for (const who of [ROSA, STAFF_USER, TEST_ADMIN.id]) {
        await expect(asUser(db, who, (q) => q(`select * from ${table}`))).rejects.toEqual(denied);
      }
      await expect(asAnon(db, (q) => q(`select * from ${table}`))).rejects.toEqual(denied);
    }
    await expect(asUser(db, STAFF_USER, (q) => q(`select * from private.claim_pin_attempt($1)`, [STAFF]))).rejects.toEqual(denied);
    await expect(asUser(db, ROSA, (q) => q(`select private.pin_accepted($1)`, [STAFF]))).rejects.toEqual(denied);
  });
});

describe('which business', () => {
  const counterOf = (who: string) => asUser(db, who, (q) => q<{ id: string }>(`select (private.counter_merchant()).id`));

  it('the counter is the owner’s business for the owner and the staff member; nobody else’s', async () => {
    expect(await counterOf(ROSA)).toEqual([{ id: ROSA_SHOP }]);
    expect(await counterOf(STAFF_USER)).toEqual([{ id: ROSA_SHOP }]);
    for (const who of [REMOVED_USER, SEED.member.id, TEST_ADMIN.id]) await expect(counterOf(who)).rejects.toEqual(ownerOnly);
  });

  it('owner-only functions refuse staff (and everyone but the owner)', async () => {
    const calls = [
      `select private.owner_merchant()`,
      `select * from private.invite_staff('N', 'new-staff@example.com', 'hash')`,
      `select * from private.list_staff()`,
      `select private.remove_staff('${STAFF}')`,
      `select private.create_pairing_code('hash')`,
      `select * from private.list_counter_devices()`,
      `select private.unpair_counter_device('${STAFF}')`,
    ];
    for (const sql of calls) {
      for (const who of [STAFF_USER, REMOVED_USER, SEED.member.id, TEST_ADMIN.id]) {
        await expect(asUser(db, who, (q) => q(sql))).rejects.toEqual(ownerOnly);
      }
      await expect(asAnon(db, (q) => q(sql))).rejects.toEqual(denied);
    }
    expect(await asUser(db, ROSA, (q) => q(`select id from private.list_staff()`))).toEqual([{ id: STAFF }]);
  });
});

describe('staff never reach the owner’s data', () => {
  it('cannot create, edit or delete deals, nor change the business', async () => {
    await expect(asUser(db, STAFF_USER, (q) => q(
      `insert into public.deals (merchant_id, title, description, discount_percent) values ($1, 'T', 'D', 10)`, [ROSA_SHOP]))).rejects.toEqual(denied);
    expect(await asUser(db, STAFF_USER, (q) => q(`update public.deals set title = 'Hacked' where merchant_id = $1 returning id`, [ROSA_SHOP]))).toEqual([]);
    expect(await asUser(db, STAFF_USER, (q) => q(`delete from public.deals where merchant_id = $1 returning id`, [ROSA_SHOP]))).toEqual([]);
    expect(await asUser(db, STAFF_USER, (q) => q(`update public.merchants set logo_url = 'x' where id = $1 returning id`, [ROSA_SHOP]))).toEqual([]);
    // The owner can (the same statements are not simply broken).
    expect(await asUser(db, ROSA, (q) => q(`update public.deals set title = title where id = $1 returning id`, [DEALS_SEED.rosaPercentDealId])))
      .toEqual([{ id: DEALS_SEED.rosaPercentDealId }]);
  });

  it('read no redemptions, points or insights of the business directly (the counter functions give them what they need)', async () => {
    await asService(db, (q) => q(`insert into public.deal_redemptions (deal_id, merchant_id, code_step) values ($1, $2, 1)`, [DEALS_SEED.rosaPercentDealId, ROSA_SHOP]));
    expect((await asUser(db, ROSA, (q) => q(`select id from public.deal_redemptions where merchant_id = $1`, [ROSA_SHOP]))).length).toBeGreaterThan(0);
    expect(await asUser(db, STAFF_USER, (q) => q(`select id from public.deal_redemptions where merchant_id = $1`, [ROSA_SHOP]))).toEqual([]);
    expect(await asUser(db, STAFF_USER, (q) => q(`select id from public.point_ledger where merchant_id = $1`, [ROSA_SHOP]))).toEqual([]);
    expect(await asUser(db, STAFF_USER, (q) => q(`select * from private.merchant_redemption_days($1, 30)`, [ROSA_SHOP]))).toEqual([]);
    expect((await asUser(db, STAFF_USER, (q) => q(`select * from private.counter_activity(20)`))).length).toBeGreaterThan(0);
  });

  it('get code secrets of their business’s live deals only', async () => {
    const [paused] = await asService(db, (q) => q<{ id: string }>(
      `insert into public.deals (merchant_id, title, description, discount_percent, active) values ($1, 'Paused', 'D', 10, false) returning id`, [ROSA_SHOP]));
    const ids = [DEALS_SEED.rosaPercentDealId, paused.id, DEALS_SEED.otherMerchantDealId];
    const secrets = async (who: string) => (await asUser(db, who, (q) => q<{ deal_id: string }>(
      `select deal_id from private.deal_code_secrets($1::uuid[])`, [`{${ids.join(',')}}`]))).map((r) => r.deal_id).sort();
    expect(await secrets(STAFF_USER)).toEqual([DEALS_SEED.rosaPercentDealId]);
    expect(await secrets(ROSA)).toEqual([DEALS_SEED.rosaPercentDealId, paused.id].sort());
    expect(await secrets(REMOVED_USER)).toEqual([]);
  });

  it('the profile role STAFF is allowed, and nothing else new', async () => {
    await expect(asService(db, (q) => q(`insert into public.profiles (email, name, role) values ('bad-role@example.com', 'B', 'CASHIER')`)))
      .rejects.toEqual(expect.objectContaining({ code: '23514' }));
  });
});

describe('who did it', () => {
  it('redemptions and points record the signed-in user; an undo records who undid it', async () => {
    const [row] = await asService(db, (q) => q<{ id: string; acted_by: string | null }>(
      `insert into public.deal_redemptions (deal_id, merchant_id, code_step) values ($1, $2, 2) returning id, acted_by`, [DEALS_SEED.rosaPercentDealId, ROSA_SHOP]));
    expect(row.acted_by).toBeNull(); // the service role is nobody
    await db.db.transaction({ role: 'service_role', sub: STAFF_USER }, (q) => q(`update public.deal_redemptions set undone_at = now() where id = $1`, [row.id]));
    const [after] = await asService(db, (q) => q(`select undone_by from public.deal_redemptions where id = $1`, [row.id]));
    expect(after).toEqual({ undone_by: STAFF_USER });
  });
});

describe('PIN tries in SQL', () => {
  it('counts concurrent tries exactly: of 20 at once, 5 are claimed and the PIN is locked', async () => {
    await asService(db, (q) => q(`update private.staff_secrets set pin_failures = 0, pin_locked_until = null where staff_id = $1`, [STAFF]));
    const claims = await Promise.all(Array.from({ length: 20 }, () => asService(db, (q) => q<{ pin_hash: string | null }>(
      `select pin_hash from private.claim_pin_attempt($1)`, [STAFF]))));
    expect(claims.filter(([c]) => c.pin_hash !== null)).toHaveLength(5);
    const [row] = await asService(db, (q) => q<{ pin_failures: number; minutes: number }>(
      `select pin_failures, round(extract(epoch from pin_locked_until - now()) / 60)::int as minutes from private.staff_secrets where staff_id = $1`, [STAFF]));
    expect(row).toEqual({ pin_failures: 5, minutes: 5 });
    await asService(db, (q) => q(`select private.pin_accepted($1)`, [STAFF]));
    const [cleared] = await asService(db, (q) => q(`select pin_failures, pin_locked_until from private.staff_secrets where staff_id = $1`, [STAFF]));
    expect(cleared).toEqual({ pin_failures: 0, pin_locked_until: null });
  });
});
