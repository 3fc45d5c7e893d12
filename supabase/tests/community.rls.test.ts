// The community feed in the database (supabase/schemas/community.sql, decision 196), both ways, for every role:
// anon, an active member of the city, an inactive member of it, an active member of another city, the owner of an
// approved business there, the owner of a pending one, the business's staff member, a second ADMIN-role account and
// the designated admin. No client role writes the tables directly; the functions decide who may post, edit, delete,
// report, hide and restore; row-level security decides who reads what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { DEALS_SEED } from '../../tests/support/deals-seed.ts';
import { activateMembers } from '../../tests/support/membership.ts';
import { asAnon, asService, asUser, insertProfiles, openTestDatabase, secondAdmin } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
const MAYA = SEED.member.id; // active, Lyons
const ROSA = SEED.merchantOwner.id; // approved business, Lyons
const PETE = SEED.pendingOwner.id; // pending business, Lyons
const ADMIN = TEST_ADMIN.id;
const OTHER_ADMIN = 'a0000000-0000-4000-8000-0000000000c1';
const STAFF_USER = 'a0000000-0000-4000-8000-0000000000c2';
const INACTIVE = 'a0000000-0000-4000-8000-0000000000c3'; // Lyons, no membership
const LOU = 'a0000000-0000-4000-8000-0000000000c4'; // active, Longmont
const denied = expect.objectContaining({ code: '42501' });
const code = (c: string) => expect.objectContaining({ code: c });

beforeAll(async () => {
  db = await openTestDatabase();
  await asService(db, async (q) => {
    await insertProfiles(q, secondAdmin(OTHER_ADMIN, 'second-admin-c@example.com'),
      { id: STAFF_USER, email: 'staff-c@example.com', name: 'Stella Staff', role: 'STAFF' },
      { id: INACTIVE, email: 'inactive-c@example.com', name: 'Ina Inactive', role: 'USER' },
      { id: LOU, email: 'lou-c@example.com', name: 'Lou Longmont', role: 'USER' });
    await q(`update public.profiles set home_city_id = $1 where id = $2`, [SEED.lyonsId, INACTIVE]);
    await q(`update public.profiles set home_city_id = $1 where id = $2`, [SEED.longmontId, LOU]);
    await q(`insert into public.merchant_staff (merchant_id, user_id, name, email, accepted_at) values ($1, $2, 'Stella Staff', 'staff-c@example.com', now())`,
      [SEED.activeMerchantId, STAFF_USER]);
  });
  await activateMembers(db, [MAYA, LOU]);
});
afterAll(() => db.close());

type Post = { id: string; city_id: string; author_name: string; merchant_id: string | null; deal_id: string | null };
const post = (who: string, body: string, deal: string | null = null) =>
  asUser(db, who, (q) => q<Post>(`select id::text, city_id, author_name, merchant_id, deal_id from private.create_community_post($1, null, $2)`, [body, deal]))
    .then(([r]) => r!);
const visible = async (who: string) =>
  (await asUser(db, who, (q) => q<{ id: string }>(`select id::text from public.community_posts order by id`))).map((r) => r.id);

let mayas: Post;
let rosas: Post;
let lous: Post;

describe('posting', () => {
  it('an active member posts in their home city, an approved business in its own with its own live deal', async () => {
    mayas = await post(MAYA, 'Hello Lyons');
    expect(mayas).toMatchObject({ city_id: SEED.lyonsId, author_name: 'Maya', merchant_id: null });
    rosas = await post(ROSA, 'Fresh burritos', DEALS_SEED.rosaPercentDealId);
    expect(rosas).toMatchObject({ city_id: SEED.lyonsId, author_name: "Rosa's River Cafe", merchant_id: SEED.activeMerchantId, deal_id: DEALS_SEED.rosaPercentDealId });
    lous = await post(LOU, 'Hello Longmont');
    expect(lous.city_id).toBe(SEED.longmontId);
  });

  it('refuses inactive members, pending businesses, staff and admins (PL403), anon (42501), bad text and others\' deals', async () => {
    for (const who of [INACTIVE, PETE, STAFF_USER, ADMIN, OTHER_ADMIN]) await expect(post(who, 'hi')).rejects.toEqual(code('PL403'));
    await expect(asAnon(db, (q) => q(`select private.create_community_post('hi', null, null)`))).rejects.toEqual(denied);
    await expect(post(MAYA, 'x'.repeat(501))).rejects.toEqual(code('PL400'));
    await expect(post(MAYA, '   ')).rejects.toEqual(code('PL400'));
    await expect(post(MAYA, 'bell\u0007')).rejects.toEqual(code('PL400'));
    await expect(post(MAYA, 'a deal', DEALS_SEED.rosaPercentDealId)).rejects.toEqual(code('PL403'));
    await expect(post(ROSA, 'not mine', DEALS_SEED.otherMerchantDealId)).rejects.toEqual(code('PL400'));
    await expect(asUser(db, MAYA, (q) => q(`select private.create_community_post('photo', $1, null)`,
      [`/objects/uploads/${ROSA}/00000000-0000-4000-8000-000000000000`]))).rejects.toEqual(code('PL400'));
  });

  it('no client role writes the tables directly', async () => {
    for (const who of [MAYA, ROSA, ADMIN, STAFF_USER]) {
      await expect(asUser(db, who, (q) => q(`insert into public.community_posts (city_id, author_id, author_name, body) values ($1, $2, 'x', 'x')`,
        [SEED.lyonsId, who]))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`update public.community_posts set body = 'changed'`))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`delete from public.community_posts`))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`insert into public.community_post_reports (post_id, reporter_id) values ($1, $2)`, [mayas.id, who])))
        .rejects.toEqual(denied);
    }
    await expect(asAnon(db, (q) => q(`select * from public.community_posts`))).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(`select * from public.community_post_reports`))).rejects.toEqual(denied);
  });
});

describe('reading', () => {
  it('the city\'s active members and businesses read its posts; other cities, inactive members, pending owners and staff do not', async () => {
    for (const who of [MAYA, ROSA]) expect(await visible(who)).toEqual([mayas.id, rosas.id]);
    expect(await visible(LOU)).toEqual([lous.id]);
    for (const who of [INACTIVE, PETE, STAFF_USER, OTHER_ADMIN]) expect(await visible(who)).toEqual([]);
    expect(await visible(ADMIN)).toEqual([mayas.id, rosas.id, lous.id]);
  });

  it('an author whose membership lapsed still reads their own posts, not the city\'s', async () => {
    const [inaPost] = await asService(db, (q) => q<{ id: string }>(
      `insert into public.community_posts (city_id, author_id, author_name, body) values ($1, $2, 'Ina', 'from before') returning id::text`,
      [SEED.lyonsId, INACTIVE]));
    expect(await visible(INACTIVE)).toEqual([inaPost!.id]);
    await asService(db, (q) => q(`delete from public.community_posts where id = $1`, [inaPost!.id]));
  });
});

describe('edit and delete', () => {
  const edit = (who: string, id: string, body: string) => asUser(db, who, (q) => q(`select private.edit_community_post($1, $2, null)`, [id, body]));
  const remove = (who: string, id: string) => asUser(db, who, (q) => q(`select private.delete_community_post($1)`, [id]));

  it('only the author changes or deletes a post', async () => {
    for (const who of [ROSA, LOU, INACTIVE, STAFF_USER, ADMIN, OTHER_ADMIN]) {
      await expect(edit(who, mayas.id, 'changed')).rejects.toEqual(code('PL404'));
      await expect(remove(who, mayas.id)).rejects.toEqual(code('PL404'));
    }
    await expect(asAnon(db, (q) => q(`select private.edit_community_post($1, 'x', null)`, [mayas.id]))).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(`select private.delete_community_post($1)`, [mayas.id]))).rejects.toEqual(denied);
    await edit(MAYA, mayas.id, 'Hello again, Lyons');
    const [row] = await asService(db, (q) => q<{ body: string }>(`select body from public.community_posts where id = $1`, [mayas.id]));
    expect(row!.body).toBe('Hello again, Lyons');
    const extra = await post(MAYA, 'to delete');
    await remove(MAYA, extra.id);
    expect(await visible(MAYA)).not.toContain(extra.id);
  });
});

describe('reports and moderation', () => {
  const report = (who: string, id: string) => asUser(db, who, (q) => q(`select private.report_community_post($1, 'spam')`, [id]));
  const moderate = (who: string, id: string, hide: boolean) =>
    asUser(db, who, (q) => q(`select id from private.moderate_community_post($1, $2, null)`, [id, hide]));
  const reportsSeen = async (who: string) => (await asUser(db, who, (q) => q<{ reporter_id: string }>(
    `select reporter_id from public.community_post_reports order by reporter_id`))).map((r) => r.reporter_id);

  it('readers of the feed report a post once; others cannot; a reporter reads only their own reports, the admin all', async () => {
    await report(ROSA, mayas.id);
    await expect(report(ROSA, mayas.id)).rejects.toEqual(code('PL409'));
    for (const who of [LOU, INACTIVE, PETE, STAFF_USER]) await expect(report(who, mayas.id)).rejects.toEqual(code('PL404'));
    await expect(asAnon(db, (q) => q(`select private.report_community_post($1, null)`, [mayas.id]))).rejects.toEqual(denied);
    await report(MAYA, rosas.id);
    expect(await reportsSeen(ROSA)).toEqual([ROSA]);
    expect(await reportsSeen(MAYA)).toEqual([MAYA]);
    for (const who of [LOU, STAFF_USER, OTHER_ADMIN]) expect(await reportsSeen(who)).toEqual([]);
    expect(await reportsSeen(ADMIN)).toEqual([MAYA, ROSA].sort());
  });

  it('only the designated admin hides and restores; a hidden post leaves every feed and its author can no longer edit it', async () => {
    for (const who of [MAYA, ROSA, STAFF_USER, OTHER_ADMIN]) await expect(moderate(who, mayas.id, true)).rejects.toEqual(code('PL403'));
    await expect(asAnon(db, (q) => q(`select private.moderate_community_post($1, true, null)`, [mayas.id]))).rejects.toEqual(denied);
    await moderate(ADMIN, mayas.id, true);
    expect(await visible(ROSA)).toEqual([rosas.id]);
    // The author still reads their own row (hidden), the admin every row; the feed filters hidden posts for all.
    expect(await visible(MAYA)).toEqual([mayas.id, rosas.id]);
    await expect(asUser(db, MAYA, (q) => q(`select private.edit_community_post($1, 'sneaky', null)`, [mayas.id]))).rejects.toEqual(code('PL409'));
    await expect(report(ROSA, mayas.id)).rejects.toEqual(code('PL404'));
    const [audit] = await asService(db, (q) => q<{ action: string; subject_user_id: string; details: { description: string } }>(
      `select action, subject_user_id, details from public.admin_audit_log where details->>'postId' = $1 order by id desc limit 1`, [mayas.id]));
    expect(audit).toMatchObject({ action: 'post_hidden', subject_user_id: MAYA, details: { description: 'community post by Maya in Lyons: "Hello again, Lyons"' } });
    const [open] = await asService(db, (q) => q<{ n: number }>(
      `select count(*)::int as n from public.community_post_reports where post_id = $1 and resolved_at is null`, [mayas.id]));
    expect(open!.n).toBe(0);
    await moderate(ADMIN, mayas.id, false);
    expect(await visible(ROSA)).toEqual([mayas.id, rosas.id]);
  });
});
