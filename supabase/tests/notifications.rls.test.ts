// RLS of follows, business updates, notifications and realtime topics, both ways, for every role:
// anon, a member, a second member, a merchant, a second ADMIN-role account that is not the
// designated admin, and the designated admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { canJoinTopic } from '../../local/realtime-authorize.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { asAnon, asService, asUser, openTestDatabase } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
const OTHER_ADMIN = 'a0000000-0000-4000-8000-0000000000ad';
const SECOND_MEMBER = 'a0000000-0000-4000-8000-0000000000b2';
// A member without the seed's follows and notifications.
const MEMBER = 'a0000000-0000-4000-8000-0000000000b1';
const denied = expect.objectContaining({ code: '42501' });
const merchant = SEED.activeMerchantId;

beforeAll(async () => {
  db = await openTestDatabase();
  await asService(db, (q) => q(
    `insert into public.profiles (id, email, name, role) values
       ($1, 'second-admin@example.com', 'Second Admin', 'ADMIN'),
       ($2, 'second-member@example.com', 'Second Member', 'USER'),
       ($3, 'fresh-member@example.com', 'Fresh Member', 'USER')`, [OTHER_ADMIN, SECOND_MEMBER, MEMBER]));
  // The seed's demo follows, notifications and update would blur who received what here.
  await db.admin.exec(`delete from public.follows; delete from public.notifications; delete from public.business_updates; delete from public.notification_events;`);
});
afterAll(() => db.close());

const follow = (who: string, merchantId: string) =>
  asUser(db, who, (q) => q(`insert into public.follows (user_id, merchant_id) values ($1, $2) returning merchant_id`, [who, merchantId]));
const postUpdate = (who: string, merchantId: string, message = 'Fresh pastries at 7') =>
  asUser(db, who, (q) => q<{ id: string }>(`insert into public.business_updates (merchant_id, message) values ($1, $2) returning id`, [merchantId, message]));
/** The member's notification list (decision 180: own rows plus the events of their follow periods), oldest first. */
const ownNotifications = (who: string) =>
  asUser(db, who, (q) => q<{ id: string; type: string; is_read: boolean; data: Record<string, string> }>(
    `select id, type, is_read, data from private.member_notifications(500) order by created_at, id`));
/** The member's own rows of public.notifications as RLS shows them. */
const ownRows = (who: string) =>
  asUser(db, who, (q) => q<{ id: string; user_id: string }>(`select id, user_id from public.notifications order by created_at`));

describe('follows', () => {
  it('a member follows an approved business, once, and only for themselves', async () => {
    expect(await follow(MEMBER, merchant)).toHaveLength(1);
    await expect(follow(MEMBER, merchant)).rejects.toEqual(expect.objectContaining({ code: '23505' }));
    await expect(asUser(db, MEMBER, (q) => q(
      `insert into public.follows (user_id, merchant_id) values ($1, $2)`, [SECOND_MEMBER, merchant]))).rejects.toEqual(denied);
  });

  it('nobody follows a pending business, and only members follow at all', async () => {
    await expect(follow(SECOND_MEMBER, SEED.pendingMerchantId)).rejects.toEqual(denied);
    await expect(follow(SEED.merchantOwner.id, merchant)).rejects.toEqual(denied); // own business
    await expect(follow(SEED.pendingOwner.id, merchant)).rejects.toEqual(denied); // a merchant
    await expect(follow(OTHER_ADMIN, merchant)).rejects.toEqual(denied);
    await expect(follow(TEST_ADMIN.id, merchant)).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(`insert into public.follows (user_id, merchant_id) values ($1, $2)`, [MEMBER, merchant])))
      .rejects.toEqual(denied);
  });

  it('each user reads and deletes only their own follows', async () => {
    await follow(SECOND_MEMBER, merchant);
    const own = await asUser(db, MEMBER, (q) => q<{ user_id: string }>(`select user_id from public.follows`));
    expect(own.map((r) => r.user_id)).toEqual([MEMBER]);
    for (const who of [SEED.merchantOwner.id, OTHER_ADMIN, TEST_ADMIN.id]) {
      expect(await asUser(db, who, (q) => q(`select 1 from public.follows`))).toEqual([]);
      expect(await asUser(db, who, (q) => q(`delete from public.follows returning user_id`))).toEqual([]);
    }
    await expect(asAnon(db, (q) => q(`select 1 from public.follows`))).rejects.toEqual(denied);
    const removedOthers = await asUser(db, MEMBER, (q) => q(`delete from public.follows where user_id = $1 returning user_id`, [SECOND_MEMBER]));
    expect(removedOthers).toEqual([]);
    await expect(asUser(db, MEMBER, (q) => q(`update public.follows set created_at = now()`))).rejects.toEqual(denied);
    const removedOwn = await asUser(db, SECOND_MEMBER, (q) => q(`delete from public.follows where merchant_id = $1 returning user_id`, [merchant]));
    expect(removedOwn).toHaveLength(1);
  });
});

describe('business updates and the fan-out', () => {
  it('only the owner of an approved business posts updates', async () => {
    await expect(postUpdate(SEED.pendingOwner.id, SEED.pendingMerchantId)).rejects.toEqual(denied);
    await expect(postUpdate(SEED.pendingOwner.id, merchant)).rejects.toEqual(denied);
    for (const who of [MEMBER, OTHER_ADMIN, TEST_ADMIN.id]) {
      await expect(postUpdate(who, merchant)).rejects.toEqual(denied);
    }
    await expect(asAnon(db, (q) => q(`insert into public.business_updates (merchant_id, message) values ($1, 'x')`, [merchant])))
      .rejects.toEqual(denied);
    expect(await postUpdate(SEED.merchantOwner.id, merchant)).toHaveLength(1);
  });

  it('a posted update reaches every follower, and only followers, as BUSINESS_UPDATE', async () => {
    const mine = await ownNotifications(MEMBER);
    expect(mine).toEqual([expect.objectContaining({
      type: 'BUSINESS_UPDATE', is_read: false,
      data: { merchantName: "Rosa's River Cafe", previewText: 'Fresh pastries at 7' },
    })]);
    expect(await ownNotifications(SECOND_MEMBER)).toEqual([]); // unfollowed before the update
    // Stored once, whatever the number of followers (decision 180); not one row per follower.
    const [{ events, rows }] = await asService(db, (q) => q<{ events: number; rows: number }>(
      `select (select count(*)::int from public.notification_events where merchant_id = $1) as events,
              (select count(*)::int from public.notifications) as rows`, [merchant]));
    expect({ events, rows }).toEqual({ events: 1, rows: 0 });
  });

  it('follow, unfollow and follow again in one transaction leaves one open period', async () => {
    await asService(db, async (q) => {
      await q(`insert into public.follows (user_id, merchant_id) values ($1, $2)`, [OTHER_ADMIN, SEED.pendingMerchantId]);
      await q(`delete from public.follows where user_id = $1 and merchant_id = $2`, [OTHER_ADMIN, SEED.pendingMerchantId]);
      await q(`insert into public.follows (user_id, merchant_id) values ($1, $2)`, [OTHER_ADMIN, SEED.pendingMerchantId]);
    });
    const periods = await asService(db, (q) => q<{ open: boolean }>(
      `select ended_at is null as open from public.follow_periods where user_id = $1 and merchant_id = $2`, [OTHER_ADMIN, SEED.pendingMerchantId]));
    expect(periods).toEqual([{ open: true }]);
    await asService(db, (q) => q(`delete from public.follows where user_id = $1`, [OTHER_ADMIN]));
  });

  it('members read events only through their list; nobody but the database writes events, periods or reads', async () => {
    for (const who of [MEMBER, SECOND_MEMBER, SEED.merchantOwner.id, OTHER_ADMIN, TEST_ADMIN.id]) {
      await expect(asUser(db, who, (q) => q(`select 1 from public.notification_events`))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`insert into public.follow_periods (user_id, merchant_id, started_at) values ($1, $2, now() - interval '1 year')`, [who, merchant])))
        .rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`update public.follow_periods set started_at = now() - interval '1 year'`))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`insert into public.notification_reads (user_id, event_id) select $1, id from public.notification_events`, [who])))
        .rejects.toEqual(denied);
    }
    expect((await asUser(db, MEMBER, (q) => q<{ user_id: string }>(`select user_id from public.follow_periods`))).every((p) => p.user_id === MEMBER)).toBe(true);
    await expect(asAnon(db, (q) => q(`select * from private.member_notifications(10)`))).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(`select * from private.mark_notification_read('00000000-0000-4000-8000-000000000000')`))).rejects.toEqual(denied);
  });

  it('signed-in users read updates of approved businesses; anon reads none', async () => {
    expect(await asUser(db, SECOND_MEMBER, (q) => q(`select 1 from public.business_updates`))).toHaveLength(1);
    await expect(asAnon(db, (q) => q(`select 1 from public.business_updates`))).rejects.toEqual(denied);
    await expect(asUser(db, SEED.merchantOwner.id, (q) => q(`update public.business_updates set message = 'x'`))).rejects.toEqual(denied);
    await expect(asUser(db, SEED.merchantOwner.id, (q) => q(`delete from public.business_updates`))).rejects.toEqual(denied);
  });

  it('a business posts at most 5 updates a day', async () => {
    for (let i = 0; i < 4; i++) await postUpdate(SEED.merchantOwner.id, merchant, `Update ${i}`);
    await expect(postUpdate(SEED.merchantOwner.id, merchant)).rejects.toEqual(
      expect.objectContaining({ code: 'PL429', message: 'You can post at most 5 updates a day' }));
  });
});

describe('notifications', () => {
  it('a user reads only their own; anon reads none', async () => {
    await asService(db, (q) => q(
      `insert into public.notifications (user_id, type, data) values ($1, 'BUSINESS_UPDATE', '{"merchantName":"X","previewText":"Y"}')`,
      [SECOND_MEMBER]));
    expect(await ownRows(MEMBER)).toEqual([]);
    // The events of their follow period: the five updates posted while they followed.
    expect((await ownNotifications(MEMBER)).map((n) => n.type)).toEqual(Array(5).fill('BUSINESS_UPDATE'));
    expect((await ownRows(SECOND_MEMBER)).map((n) => n.user_id)).toEqual([SECOND_MEMBER]);
    expect((await ownNotifications(SECOND_MEMBER)).map((n) => n.data)).toEqual([{ merchantName: 'X', previewText: 'Y' }]);
    for (const who of [SEED.merchantOwner.id, OTHER_ADMIN, TEST_ADMIN.id]) {
      expect(await ownRows(who)).toEqual([]);
      expect(await ownNotifications(who)).toEqual([]);
    }
    await expect(asAnon(db, (q) => q(`select 1 from public.notifications`))).rejects.toEqual(denied);
  });

  it('a user marks their own read, never back to unread, never someone else\'s, and changes nothing else', async () => {
    const [theirs] = await ownNotifications(SECOND_MEMBER);
    const [mine] = await ownNotifications(MEMBER);
    for (const who of [MEMBER, SEED.merchantOwner.id, OTHER_ADMIN, TEST_ADMIN.id]) {
      expect(await asUser(db, who, (q) => q(`update public.notifications set is_read = true where id = $1 returning id`, [theirs.id]))).toEqual([]);
    }
    const markAsUser = (who: string, id: string) => asUser(db, who, (q) => q<{ id: string; is_read: boolean }>(
      `select id, is_read from private.mark_notification_read($1)`, [id]));
    // Someone else's event or row: nothing marked, nothing returned.
    for (const who of [SECOND_MEMBER, SEED.merchantOwner.id, OTHER_ADMIN, TEST_ADMIN.id]) expect(await markAsUser(who, mine.id)).toEqual([]);
    for (const who of [MEMBER, SEED.merchantOwner.id]) expect(await markAsUser(who, theirs.id)).toEqual([]);
    expect(await markAsUser(MEMBER, mine.id)).toEqual([{ id: mine.id, is_read: true }]);
    expect((await ownNotifications(MEMBER)).filter((n) => n.is_read).map((n) => n.id)).toEqual([mine.id]);
    expect((await ownNotifications(SECOND_MEMBER)).map((n) => n.is_read)).toEqual([false]);
    // An own row of public.notifications: only unread -> read, nothing else.
    const marked = await asUser(db, SECOND_MEMBER, (q) => q(`update public.notifications set is_read = true where id = $1 returning id`, [theirs.id]));
    expect(marked).toHaveLength(1);
    await expect(asUser(db, SECOND_MEMBER, (q) => q(`update public.notifications set is_read = false where id = $1`, [theirs.id])))
      .rejects.toEqual(denied);
    await expect(asUser(db, SECOND_MEMBER, (q) => q(`update public.notifications set data = '{}' where id = $1`, [theirs.id])))
      .rejects.toEqual(denied);
  });

  it('nobody but the fan-out writes or deletes notifications', async () => {
    for (const who of [MEMBER, SEED.merchantOwner.id, OTHER_ADMIN, TEST_ADMIN.id]) {
      await expect(asUser(db, who, (q) => q(
        `insert into public.notifications (user_id, type, data) values ($1, 'NEW_DEAL', '{}')`, [who]))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`delete from public.notifications`))).rejects.toEqual(denied);
    }
    await expect(asAnon(db, (q) => q(`insert into public.notifications (user_id, type, data) values ($1, 'NEW_DEAL', '{}')`, [MEMBER])))
      .rejects.toEqual(denied);
  });

  it('the fan-out helpers are not callable by users', async () => {
    await expect(asUser(db, SEED.merchantOwner.id, (q) => q(
      `select private.notify_followers($1, 'NEW_DEAL', null, '{}')`, [merchant]))).rejects.toEqual(denied);
    await expect(asUser(db, MEMBER, (q) => q(`select private.notify_followers($1, 'NEW_DEAL', null, '{}')`, [merchant])))
      .rejects.toEqual(denied);
  });
});

describe('realtime topics (realtime.messages policies)', () => {
  const userTopic = (id: string) => `user:${id}`;
  it('a user joins their own user topic only', async () => {
    expect(await canJoinTopic(db.db, { id: MEMBER }, userTopic(MEMBER))).toBe(true);
    expect(await canJoinTopic(db.db, { id: MEMBER }, userTopic(SECOND_MEMBER))).toBe(false);
    expect(await canJoinTopic(db.db, { id: TEST_ADMIN.id }, userTopic(MEMBER))).toBe(false);
    expect(await canJoinTopic(db.db, { id: OTHER_ADMIN }, userTopic(MEMBER))).toBe(false);
    expect(await canJoinTopic(db.db, { id: SEED.merchantOwner.id }, userTopic(MEMBER))).toBe(false);
  });

  it('any signed-in user joins city and merchant topics; other topics are closed', async () => {
    expect(await canJoinTopic(db.db, { id: MEMBER }, `city:${SEED.lyonsId}`)).toBe(true);
    expect(await canJoinTopic(db.db, { id: MEMBER }, `merchant:${merchant}`)).toBe(true);
    expect(await canJoinTopic(db.db, { id: SECOND_MEMBER }, `merchant:${SEED.pendingMerchantId}`)).toBe(true);
    expect(await canJoinTopic(db.db, { id: SEED.merchantOwner.id }, `city:${SEED.lyonsId}`)).toBe(true);
    expect(await canJoinTopic(db.db, { id: MEMBER }, 'admin:all')).toBe(false);
  });

  it('anon reads no messages and nobody but the database broadcasts', async () => {
    await asService(db, (q) => q(`insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true)`, [`city:${SEED.lyonsId}`]));
    const anonSees = await asAnon(db, async (q) => {
      await q(`select set_config('realtime.topic', $1, true)`, [`city:${SEED.lyonsId}`]);
      return q(`select 1 from realtime.messages`);
    }).catch((e: { code?: string }) => e.code);
    expect(anonSees === '42501' || (Array.isArray(anonSees) && anonSees.length === 0)).toBe(true);
    await expect(asUser(db, MEMBER, async (q) => {
      await q(`select set_config('realtime.topic', $1, true)`, [userTopic(MEMBER)]);
      await q(`insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true)`, [userTopic(MEMBER)]);
    })).rejects.toEqual(denied);
    await db.admin.query(`delete from realtime.messages`);
  });

  it('a post publishes ONE message, on the business\'s topic, whatever the number of followers', async () => {
    const messages: { topic: string; event: string; payload: { type: string } }[] = [];
    const unlisten = await db.db.listen!('realtime', (raw) => messages.push(JSON.parse(raw)));
    await follow(SECOND_MEMBER, merchant);
    await asService(db, (q) => q(`delete from public.business_updates`));
    await db.admin.query(`delete from realtime.messages`);
    await postUpdate(SEED.merchantOwner.id, merchant, 'Closed Monday for the flood cleanup');
    // Locally realtime.send is a NOTIFY (local/bootstrap.sql); on a Supabase-shaped database (the hosted
    // rehearsal) it inserts private rows into realtime.messages, which Realtime broadcasts.
    const stored = () => db.admin.query<{ topic: string; event: string; payload: { type: string }; private: boolean }>(
      `select topic, event, payload, private from realtime.messages where event = 'notification'`);
    await expect.poll(async () => messages.filter((m) => m.event === 'notification').length + (await stored()).length).toBe(1);
    await new Promise((r) => setTimeout(r, 200)); // and no second one
    const rows = await stored();
    expect(rows.every((m) => m.private)).toBe(true);
    const all = [...messages.filter((m) => m.event === 'notification'), ...rows];
    expect(all.map((m) => m.topic)).toEqual([`merchant:${merchant}`]);
    expect(all.every((m) => m.event === 'notification' && m.payload.type === 'BUSINESS_UPDATE')).toBe(true);
    await unlisten();
  });
});
