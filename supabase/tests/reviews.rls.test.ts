// Reviews, review reports and "offer not honoured" in the database (private.rate_business and the review functions beside it in supabase/schemas/reviews.sql, decision 183), both
// ways, for every role: anon, the member who redeemed, another member, the owner, another owner, the business's
// staff member, a second ADMIN-role account and the designated admin. No client role writes these tables directly;
// the functions decide who may rate, reply, report, hide and restore; the per-business summary follows every write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { DEALS_SEED } from '../../tests/support/deals-seed.ts';
import { asAnon, asService, asUser, insertProfiles, openTestDatabase, secondAdmin } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
const MAYA = SEED.member.id;
const ROSA = SEED.merchantOwner.id;
const ROSA_SHOP = SEED.activeMerchantId;
const OTHER = DEALS_SEED.otherMerchant.ownerId;
const OTHER_SHOP = DEALS_SEED.otherMerchant.merchantId;
const ADMIN = TEST_ADMIN.id;
const OTHER_ADMIN = 'a0000000-0000-4000-8000-0000000000ae';
const STAFF_USER = 'a0000000-0000-4000-8000-0000000005f3';
const STRANGER = 'a0000000-0000-4000-8000-0000000005f4';
const denied = expect.objectContaining({ code: '42501' });
const code = (c: string) => expect.objectContaining({ code: c });
let oldVisit: string;

beforeAll(async () => {
  db = await openTestDatabase();
  await asService(db, async (q) => {
    await insertProfiles(q, secondAdmin(OTHER_ADMIN, 'second-admin-r@example.com'),
      { id: STAFF_USER, email: 'staff-r@example.com', name: 'Stella Staff', role: 'STAFF' },
      { id: STRANGER, email: 'stranger-r@example.com', name: 'Sam Stranger', role: 'USER' });
    await q(`insert into public.merchant_staff (merchant_id, user_id, name, email, accepted_at) values ($1, $2, 'Stella Staff', 'staff-r@example.com', now())`,
      [ROSA_SHOP, STAFF_USER]);
    // Maya's visits to Rosa's: two counted redemptions (one 3 days ago), one undone today.
    const [old] = await q<{ id: string }>(`insert into public.deal_redemptions (deal_id, merchant_id, member_id, code_step, used_at)
      values ($1, $2, $3, 101, now() - interval '3 days') returning id::text`, [DEALS_SEED.rosaPercentDealId, ROSA_SHOP, MAYA]);
    oldVisit = old.id;
    await q(`insert into public.deal_redemptions (deal_id, merchant_id, member_id, code_step, used_at)
      values ($1, $2, $3, 102, now() - interval '1 hour')`, [DEALS_SEED.rosaAmountDealId, ROSA_SHOP, MAYA]);
    await q(`insert into public.deal_redemptions (deal_id, merchant_id, member_id, code_step, used_at, undone_at)
      values ($1, $2, $3, 103, now() - interval '2 hours', now())`, [DEALS_SEED.rosaRetailDealId, ROSA_SHOP, MAYA]);
  });
});
afterAll(() => db.close());

type Review = { id: string; rating: number; comment: string | null; author_name: string };
const rate = (who: string, rating: number, comment: string | null, shop = ROSA_SHOP) =>
  asUser(db, who, (q) => q<Review>(`select id::text, rating, comment, author_name from private.rate_business($1, $2, $3)`, [shop, rating, comment]))
    .then(([r]) => r!);
const visibleReviews = async (who: string) =>
  (await asUser(db, who, (q) => q<{ id: string }>(`select id::text from public.business_reviews order by id`))).map((r) => r.id);
const summary = async () => (await asService(db, (q) => q<{ review_count: number; rating_sum: number }>(
  `select review_count, rating_sum from public.business_review_summaries where merchant_id = $1`, [ROSA_SHOP])))[0];

let first: Review;
let second: Review;

describe('rating a business', () => {
  it('needs a counted redemption there: once per redemption, newest first; none left → PL409', async () => {
    first = await rate(MAYA, 5, '  Great coffee <b>really</b>  ');
    expect(first).toMatchObject({ rating: 5, comment: 'Great coffee <b>really</b>', author_name: 'Maya' });
    second = await rate(MAYA, 2, null);
    expect(second.comment).toBeNull();
    // The undone visit does not count: nothing left to rate.
    await expect(rate(MAYA, 4, 'again')).rejects.toEqual(code('PL409'));
    for (const who of [STRANGER, ROSA, STAFF_USER, ADMIN, OTHER]) await expect(rate(who, 4, 'x')).rejects.toEqual(code('PL409'));
    await expect(asAnon(db, (q) => q(`select private.rate_business($1, 5, null)`, [ROSA_SHOP]))).rejects.toEqual(denied);
    expect(await summary()).toEqual({ review_count: 2, rating_sum: 7 });
  });

  it('refuses a rating outside 1–5, a comment over 500 characters and control characters', async () => {
    await asService(db, (q) => q(`insert into public.deal_redemptions (deal_id, merchant_id, member_id, code_step) values ($1, $2, $3, 104)`,
      [DEALS_SEED.otherMerchantDealId, OTHER_SHOP, MAYA]));
    await expect(rate(MAYA, 6, null, OTHER_SHOP)).rejects.toEqual(code('PL400'));
    await expect(rate(MAYA, 0, null, OTHER_SHOP)).rejects.toEqual(code('PL400'));
    await expect(rate(MAYA, 3, 'x'.repeat(501), OTHER_SHOP)).rejects.toEqual(code('PL400'));
    await expect(rate(MAYA, 3, 'bad\u0007bell', OTHER_SHOP)).rejects.toEqual(code('PL400'));
  });

  it('the author edits within 7 days, nobody else, and not after', async () => {
    const edit = (who: string, id: string) =>
      asUser(db, who, (q) => q<Review>(`select id::text, rating, comment from private.edit_review($1, 4, 'Changed my mind')`, [id]));
    expect((await edit(MAYA, second.id))[0]).toMatchObject({ rating: 4, comment: 'Changed my mind' });
    expect(await summary()).toEqual({ review_count: 2, rating_sum: 9 });
    for (const who of [STRANGER, ROSA, ADMIN]) await expect(edit(who, second.id)).rejects.toEqual(code('PL404'));
    await asService(db, (q) => q(`update public.business_reviews set created_at = now() - interval '8 days' where id = $1`, [second.id]));
    await expect(edit(MAYA, second.id)).rejects.toEqual(code('PL409'));
  });
});

describe('who reads reviews', () => {
  it('every signed-in role reads shown reviews; anon nothing', async () => {
    for (const who of [MAYA, STRANGER, ROSA, OTHER, STAFF_USER, OTHER_ADMIN, ADMIN]) {
      expect(await visibleReviews(who)).toEqual([first.id, second.id]);
    }
    await expect(asAnon(db, (q) => q(`select id from public.business_reviews`))).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(`select merchant_id from public.business_review_summaries`))).rejects.toEqual(denied);
    expect((await asUser(db, STRANGER, (q) => q(`select merchant_id from public.business_review_summaries`))).length).toBeGreaterThan(0);
  });

  it('no client role inserts, updates or deletes reviews, reports, summaries or offer reports directly', async () => {
    const writes = [
      `insert into public.business_reviews (merchant_id, member_id, redemption_id, author_name, rating) values ('${ROSA_SHOP}', '${MAYA}', ${oldVisit}, 'X', 5)`,
      `update public.business_reviews set rating = 1`,
      `update public.business_reviews set hidden_at = now()`,
      `delete from public.business_reviews`,
      `insert into public.review_reports (review_id, reporter_id) values (${first.id}, '${STRANGER}')`,
      `delete from public.review_reports`,
      `update public.business_review_summaries set review_count = 100`,
      `insert into public.offer_reports (merchant_id, member_id, redemption_id, deal_title) values ('${ROSA_SHOP}', '${MAYA}', ${oldVisit}, 'X')`,
      `delete from public.offer_reports`,
    ];
    for (const sql of writes) {
      for (const who of [MAYA, STRANGER, ROSA, STAFF_USER, OTHER_ADMIN, ADMIN]) await expect(asUser(db, who, (q) => q(sql))).rejects.toEqual(denied);
      await expect(asAnon(db, (q) => q(sql))).rejects.toEqual(denied);
    }
  });
});

describe('the owner’s reply', () => {
  const reply = (who: string, id: string, text = 'Thanks for coming!') =>
    asUser(db, who, (q) => q<{ reply: string }>(`select reply from private.reply_to_review($1, $2)`, [id, text]));

  it('only the business’s owner replies, once', async () => {
    for (const who of [STAFF_USER, MAYA, STRANGER, ADMIN, OTHER_ADMIN]) await expect(reply(who, first.id)).rejects.toEqual(code('PL403'));
    await expect(reply(OTHER, first.id)).rejects.toEqual(code('PL404'));
    await expect(reply(ROSA, first.id, '   ')).rejects.toEqual(code('PL400'));
    expect(await reply(ROSA, first.id)).toEqual([{ reply: 'Thanks for coming!' }]);
    await expect(reply(ROSA, first.id, 'Again')).rejects.toEqual(code('PL409'));
    await expect(asAnon(db, (q) => q(`select private.reply_to_review($1, 'x')`, [first.id]))).rejects.toEqual(denied);
  });
});

describe('reports and the admin’s queue', () => {
  const report = (who: string, id: string) => asUser(db, who, (q) => q(`select private.report_review($1, 'Rude')`, [id]));
  const moderate = (who: string, hide: boolean) =>
    asUser(db, who, (q) => q(`select private.moderate_review($1, $2, 'Abusive')`, [first.id, hide]));
  const reportsSeenBy = async (who: string) =>
    (await asUser(db, who, (q) => q<{ reporter_id: string }>(`select reporter_id from public.review_reports order by reporter_id`))).map((r) => r.reporter_id);

  it('any signed-in user reports a review once; the reporter and the admin read the report, no one else', async () => {
    await report(STRANGER, first.id);
    await report(ROSA, first.id);
    await expect(report(STRANGER, first.id)).rejects.toEqual(code('PL409'));
    await expect(report(STRANGER, '999999')).rejects.toEqual(code('PL404'));
    await expect(asAnon(db, (q) => q(`select private.report_review($1, null)`, [first.id]))).rejects.toEqual(denied);
    expect(await reportsSeenBy(STRANGER)).toEqual([STRANGER]);
    expect(await reportsSeenBy(ROSA)).toEqual([ROSA]);
    expect(await reportsSeenBy(ADMIN)).toEqual([ROSA, STRANGER].sort());
    for (const who of [MAYA, STAFF_USER, OTHER_ADMIN, OTHER]) expect(await reportsSeenBy(who)).toEqual([]);
    await expect(asAnon(db, (q) => q(`select * from public.review_reports`))).rejects.toEqual(denied);
  });

  it('only the designated admin hides and restores, each recorded in admin_audit_log; the summary follows', async () => {
    for (const who of [MAYA, STRANGER, ROSA, STAFF_USER, OTHER_ADMIN]) await expect(moderate(who, true)).rejects.toEqual(code('PL403'));
    await moderate(ADMIN, true);
    expect(await summary()).toEqual({ review_count: 1, rating_sum: 4 });
    // Hidden: gone for everyone but its author, the business's owner and the admin.
    for (const who of [STRANGER, OTHER, STAFF_USER, OTHER_ADMIN]) expect(await visibleReviews(who)).toEqual([second.id]);
    for (const who of [MAYA, ROSA, ADMIN]) expect(await visibleReviews(who)).toEqual([first.id, second.id]);
    await expect(report(OTHER, first.id)).rejects.toEqual(code('PL404'));
    const [{ open }] = await asUser(db, ADMIN, (q) => q<{ open: number }>(
      `select count(*)::int as open from public.review_reports where review_id = $1 and resolved_at is null`, [first.id]));
    expect(open).toBe(0);
    await moderate(ADMIN, false);
    expect(await summary()).toEqual({ review_count: 2, rating_sum: 9 });
    const log = await asUser(db, ADMIN, (q) => q<{ action: string; review_id: string; subject_user_id: string; reason: string }>(
      `select action, review_id::text, subject_user_id, reason from public.admin_audit_log where review_id is not null order by id`));
    expect(log).toEqual([
      { action: 'review_hidden', review_id: first.id, subject_user_id: MAYA, reason: 'Abusive' },
      { action: 'review_restored', review_id: first.id, subject_user_id: MAYA, reason: 'Abusive' },
    ]);
    // The owner reads her business's entries (decision 202), the hides of reviews of her shop among them, and no other.
    const hers = await asUser(db, ADMIN, (q) => q<{ id: number }>(`select id from public.admin_audit_log where merchant_id = $1 order by id`, [ROSA_SHOP]));
    expect(hers.length).toBeGreaterThanOrEqual(2);
    expect(await asUser(db, ROSA, (q) => q(`select id from public.admin_audit_log order by id`))).toEqual(hers);
  });
});

describe('offer not honoured', () => {
  const notHonoured = (who: string, shop = ROSA_SHOP, redemption: string | null = null, note: string | null = 'They refused the code') =>
    asUser(db, who, (q) => q<{ deal_title: string | null }>(
      `select deal_title from private.report_offer_not_honoured($1, $2, $3, null)`, [shop, note, redemption]));
  const reportsSeenBy = async (who: string) =>
    (await asUser(db, who, (q) => q<{ member_id: string }>(`select member_id from public.offer_reports`))).map((r) => r.member_id);
  const rights = (who: string) => asUser(db, who, (q) => q<{ can_rate: boolean; can_report_not_honoured: boolean }>(
    `select * from private.review_rights($1)`, [ROSA_SHOP])).then(([r]) => r);
  const newestShowing = async (who: string, shop: string) => (await asService(db, (q) => q<{ id: string }>(
    `select id::text from public.deal_redemptions where member_id = $1 and merchant_id = $2 order by used_at desc, id desc limit 1`,
    [who, shop])))[0]!.id;

  it('names the member’s own showing there in the last 24 hours (undone included), once; members only', async () => {
    expect(await rights(MAYA)).toEqual({ can_rate: false, can_report_not_honoured: true });
    // Maya's newest showing at Rosa's is the one undone an hour ago: the visit happened.
    const visit = await newestShowing(MAYA, ROSA_SHOP);
    await expect(notHonoured(STRANGER, ROSA_SHOP, visit)).rejects.toEqual(code('PL409')); // not theirs
    expect(await notHonoured(MAYA, ROSA_SHOP, visit)).toEqual([{ deal_title: expect.any(String) }]);
    await expect(notHonoured(MAYA, ROSA_SHOP, visit)).rejects.toEqual(code('PL409'));
    for (const who of [ROSA, STAFF_USER, ADMIN]) await expect(notHonoured(who)).rejects.toEqual(code('PL403'));
    // A visit 3 days ago is too old.
    await asService(db, (q) => q(`update public.deal_redemptions set used_at = now() - interval '3 days' where member_id = $1 and merchant_id = $2`, [MAYA, OTHER_SHOP]));
    await expect(notHonoured(MAYA, OTHER_SHOP, await newestShowing(MAYA, OTHER_SHOP))).rejects.toEqual(code('PL409'));
    // Naming no visit needs a note.
    await expect(notHonoured(MAYA, OTHER_SHOP, null, null)).rejects.toEqual(code('PL400'));
    await expect(asAnon(db, (q) => q(`select private.report_offer_not_honoured($1, null, null, null)`, [ROSA_SHOP]))).rejects.toEqual(denied);
  });

  it('reaches the member, the business’s owner and the admin; no one else', async () => {
    for (const who of [MAYA, ROSA, ADMIN]) expect(await reportsSeenBy(who)).toEqual([MAYA]);
    for (const who of [STRANGER, OTHER, STAFF_USER, OTHER_ADMIN]) expect(await reportsSeenBy(who)).toEqual([]);
    await expect(asAnon(db, (q) => q(`select * from public.offer_reports`))).rejects.toEqual(denied);
  });
});

describe('the per-business summary under concurrency', () => {
  it('20 members rating one business at once, then 10 hidden at once: every change counted once', async () => {
    const shop = DEALS_SEED.longmontMerchantId;
    const ids = Array.from({ length: 20 }, (_, i) => `a0000000-0000-4000-8000-0000000007${String(i).padStart(2, '0')}`);
    await asService(db, async (q) => {
      await q(`insert into public.profiles (id, email, name, role)
               select id, 'crowd-' || n || '@example.com', 'Crowd ' || n, 'USER' from unnest($1::uuid[]) with ordinality u(id, n)`, [ids]);
      await q(`insert into public.deal_redemptions (deal_id, merchant_id, member_id, code_step)
               select $2, $3, id, 500 + n from unnest($1::uuid[]) with ordinality u(id, n)`, [ids, DEALS_SEED.longmontDealId, shop]);
    });
    const reviews = await Promise.all(ids.map((id, i) => rate(id, (i % 5) + 1, null, shop)));
    const of = async () => (await asService(db, (q) => q<{ review_count: number; rating_sum: number }>(
      `select review_count, rating_sum from public.business_review_summaries where merchant_id = $1`, [shop])))[0];
    expect(await of()).toEqual({ review_count: 20, rating_sum: 60 });
    await Promise.all(reviews.slice(0, 10).map((r) => asUser(db, ADMIN, (q) => q(`select private.moderate_review($1, true, null)`, [r.id]))));
    expect(await of()).toEqual({ review_count: 10, rating_sum: 30 });
  });
});
