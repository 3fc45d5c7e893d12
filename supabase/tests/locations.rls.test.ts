// A business's locations in the database (supabase/schemas/locations.sql, issue 40), both ways, for every role:
// anon, a member, another owner, the owner, the business's staff member and the admin, on business_locations,
// location_hours, location_exceptions and deal_locations. Anyone reads an approved business's; the owner reads and
// writes their own (the pending business's too); staff and the admin only read; nobody writes another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import type { Query } from '../functions/api/db/database.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { DEALS_SEED } from '../../tests/support/deals-seed.ts';
import { asAnon, asService, asUser, insertProfiles, openTestDatabase } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
const ROSA = SEED.merchantOwner.id;
const ROSA_SHOP = SEED.activeMerchantId;
const OTHER = DEALS_SEED.otherMerchant.ownerId;
const PENDING = SEED.pendingOwner.id;
const STAFF_USER = 'a0000000-0000-4000-8000-0000000040f1';
const STAFF = 'e0000000-0000-4000-8000-0000000040f1';
const denied = expect.objectContaining({ code: '42501' });

let rosaFirst: string;
let rosaSecond: string;
let pendingOnly: string;
let otherFirst: string;
let rosaDeal: string;

beforeAll(async () => {
  db = await openTestDatabase();
  await asService(db, async (q) => {
    await insertProfiles(q, { id: STAFF_USER, email: 'loc-staff@example.com', name: 'Lou Staff', role: 'STAFF' });
    await q(`insert into public.merchant_staff (id, merchant_id, user_id, name, email, accepted_at) values ($1, $2, $3, 'Lou Staff', 'loc-staff@example.com', now())`,
      [STAFF, ROSA_SHOP, STAFF_USER]);
    [{ id: rosaFirst }] = await q<{ id: string }>(`select id from public.business_locations where merchant_id = $1`, [ROSA_SHOP]);
    [{ id: pendingOnly }] = await q<{ id: string }>(`select id from public.business_locations where merchant_id = $1`, [SEED.pendingMerchantId]);
    [{ id: otherFirst }] = await q<{ id: string }>(`select id from public.business_locations where merchant_id = $1`, [DEALS_SEED.otherMerchant.merchantId]);
    [{ id: rosaSecond }] = await q<{ id: string }>(
      `insert into public.business_locations (merchant_id, name, address) values ($1, 'Downtown', '12 Main St') returning id`, [ROSA_SHOP]);
    for (const id of [rosaSecond, pendingOnly]) {
      await q(`insert into public.location_hours (location_id, weekday, opens_at, closes_at) values ($1, 1, '08:00', '17:00')`, [id]);
      await q(`insert into public.location_exceptions (location_id, on_date, note) values ($1, '2026-12-25', 'Closed')`, [id]);
    }
    [{ id: rosaDeal }] = await q<{ id: string }>(
      `insert into public.deals (merchant_id, title, description, discount_percent) values ($1, 'Downtown deal', 'D', 5) returning id`, [ROSA_SHOP]);
    await q(`insert into public.deal_locations (deal_id, location_id) values ($1, $2)`, [rosaDeal, rosaSecond]);
  });
});
afterAll(() => db.close());

type Who = { name: string; run: <T>(work: (q: Query) => Promise<T>) => Promise<T> };
const as = (name: string, id: string): Who => ({ name, run: (work) => asUser(db, id, work) });
const anon: Who = { name: 'anon', run: (work) => asAnon(db, work) };
const member = as('member', SEED.member.id);
const otherOwner = as('other owner', OTHER);
const owner = as('owner', ROSA);
const pendingOwner = as('pending owner', PENDING);
const staff = as('staff', STAFF_USER);
const admin = as('admin', TEST_ADMIN.id);

const ids = (who: Who, sql: string, params: unknown[]) => who.run((q) => q<{ id: string }>(sql, params)).then((rows) => rows.map((r) => r.id).sort());

describe('reads', () => {
  const locationIds = (who: Who) => ids(who, `select id from public.business_locations where id = any($1::uuid[])`, [[rosaFirst, rosaSecond, pendingOnly]]);
  const hoursOf = (who: Who) => ids(who, `select location_id::text as id from public.location_hours where location_id = any($1::uuid[])`, [[rosaSecond, pendingOnly]]);
  const exceptionsOf = (who: Who) => ids(who, `select location_id::text as id from public.location_exceptions where location_id = any($1::uuid[])`, [[rosaSecond, pendingOnly]]);
  const dealLimits = (who: Who) => ids(who, `select location_id::text as id from public.deal_locations where deal_id = $1`, [rosaDeal]);
  const approved = () => [rosaFirst, rosaSecond].sort();

  it("anyone reads an approved business's locations, hours, exceptions and deal limits; not a pending business's", async () => {
    for (const who of [anon, member, otherOwner, owner, staff]) {
      expect(await locationIds(who), who.name).toEqual(approved());
      expect(await hoursOf(who), who.name).toEqual([rosaSecond]);
      expect(await exceptionsOf(who), who.name).toEqual([rosaSecond]);
      expect(await dealLimits(who), who.name).toEqual([rosaSecond]);
    }
  });

  it("the pending business's owner reads their own; the admin reads all", async () => {
    expect(await locationIds(pendingOwner)).toEqual([...approved(), pendingOnly].sort());
    expect(await hoursOf(pendingOwner)).toEqual([rosaSecond, pendingOnly].sort());
    expect(await locationIds(admin)).toEqual([...approved(), pendingOnly].sort());
    expect(await hoursOf(admin)).toEqual([rosaSecond, pendingOnly].sort());
    expect(await exceptionsOf(admin)).toEqual([rosaSecond, pendingOnly].sort());
  });
});

describe('writes', () => {
  const insertLocation = (who: Who, merchantId: string) => who.run((q) => q<{ id: string }>(
    `insert into public.business_locations (merchant_id, address) values ($1, 'New place') returning id`, [merchantId]));

  it("only the owner adds a location to their business; nobody else, the admin and staff included", async () => {
    const [added] = await insertLocation(owner, ROSA_SHOP);
    expect(added.id).toBeTruthy();
    for (const who of [anon, member, otherOwner, staff, admin, pendingOwner]) {
      await expect(insertLocation(who, ROSA_SHOP), who.name).rejects.toEqual(denied);
    }
    await asService(db, (q) => q(`delete from public.business_locations where id = $1`, [added.id]));
  });

  it("only the owner changes or deletes their location; others change nothing; the business is set once", async () => {
    for (const who of [member, otherOwner, staff, admin, pendingOwner]) {
      expect(await who.run((q) => q(`update public.business_locations set name = 'Taken' where id = $1 returning id`, [rosaSecond])), who.name).toEqual([]);
      expect(await who.run((q) => q(`delete from public.business_locations where id = $1 returning id`, [rosaSecond])), who.name).toEqual([]);
    }
    await expect(anon.run((q) => q(`update public.business_locations set name = 'Taken' where id = $1`, [rosaSecond]))).rejects.toEqual(denied);
    await expect(anon.run((q) => q(`delete from public.business_locations where id = $1`, [rosaSecond]))).rejects.toEqual(denied);
    expect(await owner.run((q) => q(`update public.business_locations set name = 'Old town' where id = $1 returning id`, [rosaSecond]))).toHaveLength(1);
    await expect(owner.run((q) => q(`update public.business_locations set merchant_id = $2 where id = $1`, [rosaSecond, SEED.pendingMerchantId])))
      .rejects.toEqual(denied);
    // The last location stays, even for its owner.
    await expect(pendingOwner.run((q) => q(`delete from public.business_locations where id = $1`, [pendingOnly])))
      .rejects.toEqual(expect.objectContaining({ code: 'PL409' }));
  });

  it("only the owner writes their location's hours and exceptions", async () => {
    const addHours = (who: Who, id: string) => who.run((q) => q(`insert into public.location_hours (location_id, weekday, opens_at, closes_at) values ($1, 2, '09:00', '10:00')`, [id]));
    const addException = (who: Who, id: string) => who.run((q) => q(`insert into public.location_exceptions (location_id, on_date) values ($1, '2026-12-31')`, [id]));
    for (const who of [anon, member, otherOwner, staff, admin]) {
      await expect(addHours(who, rosaSecond), who.name).rejects.toEqual(denied);
      await expect(addException(who, rosaSecond), who.name).rejects.toEqual(denied);
    }
    for (const who of [member, otherOwner, staff, admin]) {
      expect(await who.run((q) => q(`delete from public.location_hours where location_id = $1 returning weekday`, [rosaSecond])), who.name).toEqual([]);
      expect(await who.run((q) => q(`update public.location_exceptions set note = 'x' where location_id = $1 returning id`, [rosaSecond])), who.name).toEqual([]);
    }
    await addHours(owner, rosaSecond);
    await addException(owner, rosaSecond);
    expect(await owner.run((q) => q(`delete from public.location_hours where location_id = $1 and weekday = 2 returning weekday`, [rosaSecond]))).toHaveLength(1);
    expect(await owner.run((q) => q(`delete from public.location_exceptions where location_id = $1 and on_date = '2026-12-31' returning id`, [rosaSecond]))).toHaveLength(1);
  });

  it("only the owner limits their deal to their locations; never to another business's", async () => {
    const limit = (who: Who, locationId: string) => who.run((q) => q(`insert into public.deal_locations (deal_id, location_id) values ($1, $2)`, [rosaDeal, locationId]));
    for (const who of [anon, member, otherOwner, staff, admin]) await expect(limit(who, rosaFirst), who.name).rejects.toEqual(denied);
    // Another owner's own location on Rosa's deal: the same-business trigger refuses it.
    await expect(limit(otherOwner, otherFirst)).rejects.toEqual(expect.objectContaining({ code: 'PL400' }));
    await limit(owner, rosaFirst);
    for (const who of [member, otherOwner, staff, admin]) {
      expect(await who.run((q) => q(`delete from public.deal_locations where deal_id = $1 returning location_id`, [rosaDeal])), who.name).toEqual([]);
    }
    await expect(owner.run((q) => q(`update public.deal_locations set location_id = $2 where deal_id = $1`, [rosaDeal, rosaFirst]))).rejects.toEqual(denied);
    expect(await owner.run((q) => q(`delete from public.deal_locations where deal_id = $1 and location_id = $2 returning location_id`, [rosaDeal, rosaFirst]))).toHaveLength(1);
  });
});
