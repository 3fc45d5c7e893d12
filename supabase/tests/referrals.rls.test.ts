// Referrals (decision 200) both ways, for every role: anon, the referrer, the invited member, another member, a
// merchant, a second ADMIN-role account that is not the designated admin, the designated admin and the server
// (service_role). public.referral_codes is read by its member and the admin; public.referrals by both sides and the
// admin; private.checkout_referrals and private.card_fingerprints by the server only. Nobody writes any of them but
// their functions; the functions that write are the server's, the caller's own code is the caller's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { asAnon, asService, asUser, insertProfiles, openTestDatabase, secondAdmin } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
const REFERRER = SEED.member.id;
const INVITED = 'a0000000-0000-4000-8000-000000000ba1';
const OTHER_MEMBER = 'a0000000-0000-4000-8000-000000000ba2';
const OTHER_ADMIN = 'a0000000-0000-4000-8000-000000000bad';
const MERCHANT = SEED.merchantOwner.id;
const denied = expect.objectContaining({ code: '42501' });
let code: string;

beforeAll(async () => {
  db = await openTestDatabase();
  await asService(db, (q) => insertProfiles(q, secondAdmin(OTHER_ADMIN, 'referral-admin@example.com'),
    { id: INVITED, email: 'referral-invited@example.com', name: 'Ivy Invited', role: 'USER' },
    { id: OTHER_MEMBER, email: 'referral-other@example.com', name: 'Olga Other', role: 'USER' }));
  [{ code }] = await asUser(db, REFERRER, (q) => q<{ code: string }>(`select private.caller_referral_code() as code`));
  await db.admin.query(`insert into public.referrals (referrer_id, invited_id) values ($1, $2)`, [REFERRER, INVITED]);
  await db.admin.query(`insert into private.card_fingerprints (user_id, fingerprint) values ($1, 'fp_rls')`, [INVITED]);
});
afterAll(() => db.close());

const count = async (who: string, table: string) =>
  (await asUser(db, who, (q) => q<{ n: number }>(`select count(*)::int as n from ${table}`)))[0]!.n;

describe('public.referral_codes', () => {
  it('is read by its member and the designated admin; not by others, nor anon', async () => {
    expect(await count(REFERRER, 'public.referral_codes')).toBe(1);
    expect(await count(TEST_ADMIN.id, 'public.referral_codes')).toBe(1);
    for (const other of [INVITED, OTHER_MEMBER, MERCHANT, OTHER_ADMIN]) expect(await count(other, 'public.referral_codes')).toBe(0);
    await expect(asAnon(db, (q) => q(`select * from public.referral_codes`))).rejects.toEqual(denied);
  });
  it('is written by nobody directly: a code is made only by private.caller_referral_code, for the caller', async () => {
    for (const who of [REFERRER, OTHER_MEMBER, TEST_ADMIN.id]) {
      await expect(asUser(db, who, (q) => q(`insert into public.referral_codes (user_id, code) values ($1, 'AAAA2222')`, [who]))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`update public.referral_codes set code = 'BBBB2222'`))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`delete from public.referral_codes`))).rejects.toEqual(denied);
    }
    await expect(asService(db, (q) => q(`insert into public.referral_codes (user_id, code) values ($1, 'CCCC2222')`, [OTHER_MEMBER]))).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(`select private.caller_referral_code()`))).rejects.toEqual(denied);
    // The same caller gets the same code; another caller their own.
    const again = await asUser(db, REFERRER, (q) => q<{ code: string }>(`select private.caller_referral_code() as code`));
    expect(again[0]!.code).toBe(code);
    const other = await asUser(db, OTHER_MEMBER, (q) => q<{ code: string }>(`select private.caller_referral_code() as code`));
    expect(other[0]!.code).not.toBe(code);
  });
});

describe('public.referrals', () => {
  it('is read by both sides and the designated admin; not by others, nor anon', async () => {
    for (const reader of [REFERRER, INVITED, TEST_ADMIN.id]) expect(await count(reader, 'public.referrals')).toBe(1);
    for (const other of [OTHER_MEMBER, MERCHANT, OTHER_ADMIN]) expect(await count(other, 'public.referrals')).toBe(0);
    expect((await asService(db, (q) => q<{ n: number }>(`select count(*)::int as n from public.referrals`)))[0]!.n).toBe(1);
    await expect(asAnon(db, (q) => q(`select * from public.referrals`))).rejects.toEqual(denied);
  });
  it('is written by nobody directly, and its functions are the server\'s', async () => {
    for (const who of [REFERRER, INVITED, TEST_ADMIN.id]) {
      await expect(asUser(db, who, (q) => q(`insert into public.referrals (referrer_id, invited_id) values ($1, $2)`, [OTHER_MEMBER, who]))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`update public.referrals set status = 'rewarded'`))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`select * from private.reward_referrals(999)`))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`select private.referrer_by_code($1)`, [code]))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`select private.record_referral(gen_random_uuid(), $1, 'in_x', null)`, [who]))).rejects.toEqual(denied);
    }
    await expect(asService(db, (q) => q(`update public.referrals set status = 'rewarded'`))).rejects.toEqual(denied);
    expect((await asService(db, (q) => q<{ id: string }>(`select private.referrer_by_code($1) as id`, [` ${code.toLowerCase()} `])))[0]!.id).toBe(REFERRER);
    expect((await asService(db, (q) => q<{ n: number }>(`select count(*)::int as n from private.reward_referrals(999)`)))[0]!.n).toBe(0);
  });
});

describe('private.checkout_referrals and private.card_fingerprints', () => {
  it('are the server\'s: members and the admin cannot reach them; the server reads and adds checkout codes only', async () => {
    for (const who of [REFERRER, INVITED, TEST_ADMIN.id]) {
      await expect(asUser(db, who, (q) => q(`select * from private.checkout_referrals`))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`select * from private.card_fingerprints`))).rejects.toEqual(denied);
    }
    await expect(asAnon(db, (q) => q(`select * from private.checkout_referrals`))).rejects.toEqual(denied);
    expect(await asService(db, (q) => q(`select * from private.checkout_referrals`))).toEqual([]);
    await expect(asService(db, (q) => q(`delete from private.checkout_referrals`))).rejects.toEqual(denied);
    await expect(asService(db, (q) => q(`select * from private.card_fingerprints`))).rejects.toEqual(denied);
    await expect(asService(db, (q) => q(`insert into private.card_fingerprints (user_id, fingerprint) values ($1, 'fp_x')`, [OTHER_MEMBER]))).rejects.toEqual(denied);
  });
});
