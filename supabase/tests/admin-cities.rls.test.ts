// Closing a city (active = false) hides its businesses' deals from members and visitors, not from
// their owner or the admin; choosing a closed city is refused; deleting a city with businesses fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { asAnon, asService, asUser, insertProfiles, openTestDatabase, secondAdmin } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
let dealId: string;
const OTHER_ADMIN = 'a0000000-0000-4000-8000-0000000000ad';

beforeAll(async () => {
  db = await openTestDatabase();
  await asService(db, (q) => insertProfiles(q, secondAdmin(OTHER_ADMIN)));
  [{ id: dealId }] = await asService(db, (q) => q<{ id: string }>(
    `insert into public.deals (merchant_id, title, description, discount_percent) values ($1, 'Closed city deal', 'Test', 10) returning id`,
    [SEED.activeMerchantId]));
});
afterAll(() => db.close());

const sees = async (who: string | null) => {
  const rows = await (who
    ? asUser(db, who, (q) => q<{ id: string }>(`select id from public.deals where id = $1`, [dealId]))
    : asAnon(db, (q) => q<{ id: string }>(`select id from public.deals where id = $1`, [dealId])));
  return rows.length === 1;
};
const setLyonsActive = (active: boolean) =>
  asService(db, (q) => q(`update public.cities set active = $1 where id = $2`, [active, SEED.lyonsId]));

describe('deals of a closed city', () => {
  it('are listed for everyone while the city is active', async () => {
    for (const who of [null, SEED.member.id, SEED.pendingOwner.id, OTHER_ADMIN, SEED.merchantOwner.id, TEST_ADMIN.id]) {
      expect(await sees(who), String(who)).toBe(true);
    }
  });

  it('leave member and public lists while it is inactive; the owner and the admin still see them', async () => {
    await setLyonsActive(false);
    for (const who of [null, SEED.member.id, SEED.pendingOwner.id, OTHER_ADMIN]) {
      expect(await sees(who), String(who)).toBe(false);
    }
    expect(await sees(SEED.merchantOwner.id)).toBe(true);
    expect(await sees(TEST_ADMIN.id)).toBe(true);
    await setLyonsActive(true);
    expect(await sees(SEED.member.id)).toBe(true);
  });
});

describe('choosing and deleting cities', () => {
  it('refuses a closed city as a new home or business city, for every role', async () => {
    await setLyonsActive(false);
    await expect(asService(db, (q) => q(`insert into public.profiles (email, name, home_city_id) values ('x@example.com', 'X', $1)`, [SEED.lyonsId])))
      .rejects.toThrow('That city is not available');
    await expect(asUser(db, SEED.pendingOwner.id, (q) => q(`update public.merchants set city_id = $1 where id = $2`, [SEED.lyonsId, SEED.pendingMerchantId])))
      .resolves.toEqual([]); // unchanged value: allowed
    await expect(asUser(db, SEED.member.id, (q) => q(`update public.profiles set home_city_id = $1 where id = $2`, [SEED.longmontId, SEED.member.id])))
      .resolves.toEqual([]);
    await expect(asUser(db, SEED.member.id, (q) => q(`update public.profiles set home_city_id = $1 where id = $2`, [SEED.lyonsId, SEED.member.id])))
      .rejects.toThrow('That city is not available');
    await setLyonsActive(true);
  });

  it('refuses to delete a city while a business is there', async () => {
    // on delete restrict: 23503 on PostgreSQL 15, 23001 (restrict_violation) from PostgreSQL 18 (PGlite).
    const error = await asUser(db, TEST_ADMIN.id, (q) => q(`delete from public.cities where id = $1`, [SEED.lyonsId]))
      .then(() => null, (e: { code: string }) => e);
    expect(['23001', '23503']).toContain(error?.code);
  });
});
