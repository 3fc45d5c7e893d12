// Charity transparency in the database (decision 125), both ways, for every role: anon, a member, a
// merchant, a second ADMIN-role account that is not the designated admin, and the designated admin.
// Only the designated admin writes charities; visitors read the charities of open cities and the public
// totals (reporting.charity_impact), never a payment or a profile; retired charities cannot be newly chosen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { asAnon, asService, asUser, openTestDatabase } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
const OTHER_ADMIN = 'a0000000-0000-4000-8000-0000000000ad';
const SECOND_MEMBER = 'a0000000-0000-4000-8000-0000000000b2';
const SEED_SUBSCRIPTION = '5b000000-0000-4000-8000-000000000001';
const WATERSHED = 'ca000000-0000-4000-8000-000000000003';
const denied = expect.objectContaining({ code: '42501' });
const NOT_ADMINS = [SEED.member.id, SEED.merchantOwner.id, OTHER_ADMIN];

type Impact = { charity_id: string; charity_name: string; retired: boolean; month_cents: string | number; total_cents: string | number; member_count: number };
const impactOf = async (rows: Impact[], id: string) => {
  const row = rows.find((r) => r.charity_id === id);
  return row && { month: Number(row.month_cents), total: Number(row.total_cents), members: row.member_count, retired: row.retired };
};

beforeAll(async () => {
  db = await openTestDatabase();
  await asService(db, async (q) => {
    await q(`insert into public.profiles (id, email, name, role) values ($1, 'second-admin@example.com', 'Second Admin', 'ADMIN')`, [OTHER_ADMIN]);
    await q(`insert into public.profiles (id, email, name, role, home_city_id, preferred_charity_id) values ($1, 'second@example.com', 'Second Member', 'USER', $2, $3)`,
      [SECOND_MEMBER, SEED.lyonsId, WATERSHED]);
    // One payment this month (the seed's, 999 → 100 to Lyons Youth Sports) and two for the watershed: this month and last.
    await q(`insert into public.payments (user_id, subscription_id, provider, provider_invoice_id, amount_cents, charity_share_bps, charity_share_cents, paid_at)
             values ($1, $2, 'test', 'in_w1', 10000, 1000, 0, now()),
                    ($1, $2, 'test', 'in_w0', 799, 1000, 0, date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' - interval '1 day')`,
    [SECOND_MEMBER, SEED_SUBSCRIPTION]);
  });
});
afterAll(() => db.close());

describe('charities: writes', () => {
  it('only the designated admin creates, edits and retires charities; nobody else, anon included', async () => {
    for (const who of NOT_ADMINS) {
      await expect(asUser(db, who, (q) => q(`insert into public.charities (city_id, name) values ($1, 'X')`, [SEED.lyonsId]))).rejects.toEqual(denied);
      expect(await asUser(db, who, (q) => q(`update public.charities set retired_at = now() returning id`))).toHaveLength(0);
      expect(await asUser(db, who, (q) => q(`delete from public.charities returning id`))).toHaveLength(0);
    }
    await expect(asAnon(db, (q) => q(`insert into public.charities (city_id, name) values ($1, 'X')`, [SEED.lyonsId]))).rejects.toEqual(denied);
    expect(await asAnon(db, (q) => q(`update public.charities set retired_at = now() returning id`))).toHaveLength(0);
    expect(await asAnon(db, (q) => q(`delete from public.charities returning id`))).toHaveLength(0);

    const [row] = await asUser(db, TEST_ADMIN.id, (q) => q<{ id: string }>(
      `insert into public.charities (city_id, name) values ($1, 'Lyons Library Friends') returning id`, [SEED.lyonsId]));
    expect(await asUser(db, TEST_ADMIN.id, (q) => q(`update public.charities set retired_at = now() where id = $1 returning id`, [row.id]))).toHaveLength(1);
    expect(await asUser(db, TEST_ADMIN.id, (q) => q(`update public.charities set retired_at = null where id = $1 returning id`, [row.id]))).toHaveLength(1);
  });

  it('names are unique per city whatever the case, bounded, without surrounding spaces', async () => {
    await expect(asUser(db, TEST_ADMIN.id, (q) => q(`insert into public.charities (city_id, name) values ($1, 'LYONS YOUTH SPORTS')`, [SEED.lyonsId])))
      .rejects.toEqual(expect.objectContaining({ code: '23505' }));
    // The same name in another city is fine.
    expect(await asUser(db, TEST_ADMIN.id, (q) => q(`insert into public.charities (city_id, name) values ($1, 'Lyons Youth Sports') returning id`, [SEED.longmontId]))).toHaveLength(1);
    await expect(asUser(db, TEST_ADMIN.id, (q) => q(`insert into public.charities (city_id, name) values ($1, $2)`, [SEED.lyonsId, 'x'.repeat(121)])))
      .rejects.toEqual(expect.objectContaining({ code: '23514' }));
    await expect(asUser(db, TEST_ADMIN.id, (q) => q(`insert into public.charities (city_id, name) values ($1, ' Padded ')`, [SEED.lyonsId])))
      .rejects.toEqual(expect.objectContaining({ code: '23514' }));
  });

  it('a city has at most one default, and a retired charity is never the default', async () => {
    await expect(asUser(db, TEST_ADMIN.id, (q) => q(`update public.charities set is_default = true where id = $1`, [WATERSHED])))
      .rejects.toEqual(expect.objectContaining({ code: '23505' }));
    await expect(asUser(db, TEST_ADMIN.id, (q) => q(`update public.charities set retired_at = now() where city_id = $1 and is_default`, [SEED.lyonsId])))
      .rejects.toEqual(expect.objectContaining({ code: '23514' }));
  });
});

describe('charities: reads', () => {
  it('visitors read the charities of open cities only; signed-in users read all', async () => {
    await asService(db, (q) => q(`update public.cities set active = false where id = $1`, [SEED.longmontId]));
    const anon = (await asAnon(db, (q) => q<{ city_id: string }>(`select city_id from public.charities`))).map((r) => r.city_id);
    expect(anon).toContain(SEED.lyonsId);
    expect(anon).not.toContain(SEED.longmontId);
    for (const who of [...NOT_ADMINS, TEST_ADMIN.id]) {
      const seen = (await asUser(db, who, (q) => q<{ city_id: string }>(`select city_id from public.charities`))).map((r) => r.city_id);
      expect(seen, who).toContain(SEED.longmontId);
    }
    await asService(db, (q) => q(`update public.cities set active = true where id = $1`, [SEED.longmontId]));
  });
});

describe('choosing a retired charity', () => {
  it('is refused for every role; members who already chose it keep it', async () => {
    await asUser(db, TEST_ADMIN.id, (q) => q(`update public.charities set retired_at = now() where id = $1`, [WATERSHED]));
    const [kept] = await asService(db, (q) => q<{ preferred_charity_id: string }>(`select preferred_charity_id from public.profiles where id = $1`, [SECOND_MEMBER]));
    expect(kept.preferred_charity_id).toBe(WATERSHED);
    await expect(asUser(db, SEED.member.id, (q) => q(`update public.profiles set preferred_charity_id = $1 where id = $2`, [WATERSHED, SEED.member.id])))
      .rejects.toThrow('That charity is not available');
    await expect(asService(db, (q) => q(`update public.profiles set preferred_charity_id = $1 where id = $2`, [WATERSHED, SEED.member.id])))
      .rejects.toThrow('That charity is not available');
    // Changing something else about a member who has it is fine.
    expect(await asService(db, (q) => q(`update public.profiles set name = 'Second M.' where id = $1 returning id`, [SECOND_MEMBER]))).toHaveLength(1);
    await asUser(db, TEST_ADMIN.id, (q) => q(`update public.charities set retired_at = null where id = $1`, [WATERSHED]));
    expect(await asUser(db, SEED.member.id, (q) => q(`update public.profiles set preferred_charity_id = $1 where id = $2 returning id`, [SEED.lyonsCharityId, SEED.member.id]))).toHaveLength(1);
  });
});

describe('public totals (reporting.charity_impact)', () => {
  it('every role, anon included, gets the totals per charity this month and all time, and the members who chose it', async () => {
    const sql = `select * from reporting.charity_impact()`;
    const readers = [() => asAnon(db, (q) => q<Impact>(sql)), ...[...NOT_ADMINS, TEST_ADMIN.id].map((who) => () => asUser(db, who, (q) => q<Impact>(sql)))];
    for (const read of readers) {
      const rows = await read();
      expect(await impactOf(rows, WATERSHED)).toEqual({ month: 1000, total: 1080, members: 1, retired: false });
      expect(await impactOf(rows, SEED.lyonsCharityId)).toEqual({ month: 100, total: 100, members: 1, retired: false });
      expect(await impactOf(rows, SEED.longmontCharityId)).toEqual({ month: 0, total: 0, members: 0, retired: false });
      // Nothing about people: only these columns.
      expect(Object.keys(rows[0]).sort()).toEqual(['charity_id', 'charity_name', 'city_active', 'city_name', 'city_state', 'member_count', 'month_cents', 'retired', 'total_cents']);
    }
  });

  it('lists retired charities with their history, and leaves out the charities of closed cities that received nothing', async () => {
    await asUser(db, TEST_ADMIN.id, (q) => q(`update public.charities set retired_at = now() where id = $1`, [WATERSHED]));
    await asService(db, (q) => q(`update public.cities set active = false where id = $1`, [SEED.longmontId]));
    const rows = await asAnon(db, (q) => q<Impact & { city_name: string }>(`select * from reporting.charity_impact()`));
    expect(await impactOf(rows, WATERSHED)).toEqual({ month: 1000, total: 1080, members: 1, retired: true });
    expect(rows.some((r) => r.city_name === 'Longmont')).toBe(false);
    await asService(db, (q) => q(`update public.cities set active = true where id = $1`, [SEED.longmontId]));
    await asUser(db, TEST_ADMIN.id, (q) => q(`update public.charities set retired_at = null where id = $1`, [WATERSHED]));
  });

  it('the payments and profiles behind the totals stay closed to visitors and to other users', async () => {
    expect(await asAnon(db, (q) => q(`select id from public.payments`))).toEqual([]);
    expect(await asAnon(db, (q) => q(`select id from public.profiles`))).toEqual([]);
    for (const who of [SEED.merchantOwner.id, OTHER_ADMIN]) {
      expect(await asUser(db, who, (q) => q(`select id from public.payments`))).toEqual([]);
    }
    // The reporting schema holds no table anyone could read or write.
    const [{ n }] = await asService(db, (q) => q<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'reporting'`));
    expect(n).toBe(0);
    // And anon cannot reach the private helpers through it.
    await expect(asAnon(db, (q) => q(`select private.is_admin()`))).rejects.toEqual(denied);
  });
});

describe('monthly statement', () => {
  it('the admin reads a charity\'s payments of a month through RLS; other roles read none of them', async () => {
    const sql = `select id from public.payments where charity_id = $1 and paid_at >= date_trunc('month', now())`;
    expect(await asUser(db, TEST_ADMIN.id, (q) => q(sql, [WATERSHED]))).toHaveLength(1);
    for (const who of [SEED.member.id, SEED.merchantOwner.id, OTHER_ADMIN]) {
      expect(await asUser(db, who, (q) => q(sql, [WATERSHED])), who).toEqual([]);
    }
    expect(await asAnon(db, (q) => q(sql, [WATERSHED]))).toEqual([]);
  });
});
