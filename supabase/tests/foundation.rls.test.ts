// RLS of the foundation tables, both ways, for every role: anon, a member, a merchant,
// a second ADMIN-role account that is not the designated admin, and the designated admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { asAnon, asService, asUser, insertProfiles, openTestDatabase, secondAdmin } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
const OTHER_ADMIN = 'a0000000-0000-4000-8000-0000000000ad';

beforeAll(async () => {
  db = await openTestDatabase();
  await asService(db, (q) => insertProfiles(q, secondAdmin(OTHER_ADMIN)));
});
afterAll(() => db.close());

const denied = expect.objectContaining({ code: '42501' });

describe('cities', () => {
  it('anon and members read active cities only; the designated admin reads all', async () => {
    await asService(db, (q) => q(`update public.cities set active = false where id = $1`, [SEED.longmontId]));
    const anon = await asAnon(db, (q) => q<{ id: string }>(`select id from public.cities`));
    const member = await asUser(db, SEED.member.id, (q) => q<{ id: string }>(`select id from public.cities`));
    const otherAdmin = await asUser(db, OTHER_ADMIN, (q) => q<{ id: string }>(`select id from public.cities`));
    const admin = await asUser(db, TEST_ADMIN.id, (q) => q<{ id: string }>(`select id from public.cities`));
    expect(anon.map((c) => c.id)).not.toContain(SEED.longmontId);
    expect(member.map((c) => c.id)).not.toContain(SEED.longmontId);
    expect(otherAdmin.map((c) => c.id)).not.toContain(SEED.longmontId);
    expect(admin.map((c) => c.id)).toContain(SEED.longmontId);
    await asService(db, (q) => q(`update public.cities set active = true where id = $1`, [SEED.longmontId]));
  });

  it('only the designated admin writes cities', async () => {
    for (const who of [SEED.member.id, SEED.merchantOwner.id, OTHER_ADMIN]) {
      await expect(asUser(db, who, (q) => q(`insert into public.cities (name, state) values ('X', 'Y')`))).rejects.toEqual(denied);
      const updated = await asUser(db, who, (q) => q(`update public.cities set name = 'Hacked' where id = $1 returning id`, [SEED.lyonsId]));
      expect(updated).toHaveLength(0);
      const deleted = await asUser(db, who, (q) => q(`delete from public.cities where id = $1 returning id`, [SEED.lyonsId]));
      expect(deleted).toHaveLength(0);
    }
    await expect(asAnon(db, (q) => q(`insert into public.cities (name, state) values ('X', 'Y')`))).rejects.toEqual(denied);
    const [created] = await asUser(db, TEST_ADMIN.id, (q) => q<{ id: string }>(`insert into public.cities (name, state) values ('Niwot', 'Colorado') returning id`));
    const renamed = await asUser(db, TEST_ADMIN.id, (q) => q(`update public.cities set description = 'Tiny' where id = $1 returning id`, [created.id]));
    expect(renamed).toHaveLength(1);
    const removed = await asUser(db, TEST_ADMIN.id, (q) => q(`delete from public.cities where id = $1 returning id`, [created.id]));
    expect(removed).toHaveLength(1);
  });
});

describe('charities', () => {
  it('everyone reads; only the designated admin writes', async () => {
    expect((await asAnon(db, (q) => q(`select id from public.charities`))).length).toBeGreaterThan(0);
    expect((await asUser(db, SEED.member.id, (q) => q(`select id from public.charities`))).length).toBeGreaterThan(0);
    for (const who of [SEED.member.id, OTHER_ADMIN]) {
      await expect(asUser(db, who, (q) => q(`insert into public.charities (city_id, name) values ($1, 'X')`, [SEED.lyonsId]))).rejects.toEqual(denied);
      expect(await asUser(db, who, (q) => q(`update public.charities set name = 'X' returning id`))).toHaveLength(0);
      expect(await asUser(db, who, (q) => q(`delete from public.charities returning id`))).toHaveLength(0);
    }
    const [row] = await asUser(db, TEST_ADMIN.id, (q) => q<{ id: string }>(`insert into public.charities (city_id, name) values ($1, 'Lyons Library Friends') returning id`, [SEED.lyonsId]));
    expect(await asUser(db, TEST_ADMIN.id, (q) => q(`delete from public.charities where id = $1 returning id`, [row.id]))).toHaveLength(1);
  });
});

describe('profiles', () => {
  it('a user reads only their own profile; anon reads none; the admin reads all', async () => {
    expect(await asAnon(db, (q) => q(`select id from public.profiles`))).toEqual([]);
    const own = await asUser(db, SEED.member.id, (q) => q<{ id: string }>(`select id from public.profiles`));
    expect(own.map((r) => r.id)).toEqual([SEED.member.id]);
    const other = await asUser(db, OTHER_ADMIN, (q) => q<{ id: string }>(`select id from public.profiles`));
    expect(other.map((r) => r.id)).toEqual([OTHER_ADMIN]);
    const all = await asUser(db, TEST_ADMIN.id, (q) => q(`select id from public.profiles`));
    expect(all.length).toBeGreaterThanOrEqual(5);
  });

  it('a user edits their own name but never their role, email, or someone else', async () => {
    const renamed = await asUser(db, SEED.member.id, (q) => q(`update public.profiles set name = 'Maya M.' where id = $1 returning id`, [SEED.member.id]));
    expect(renamed).toHaveLength(1);
    await expect(asUser(db, SEED.member.id, (q) => q(`update public.profiles set role = 'ADMIN' where id = $1`, [SEED.member.id]))).rejects.toEqual(denied);
    await expect(asUser(db, SEED.merchantOwner.id, (q) => q(`update public.profiles set role = 'ADMIN'`))).rejects.toEqual(denied);
    await expect(asUser(db, SEED.member.id, (q) => q(`update public.profiles set email = 'x@example.com' where id = $1`, [SEED.member.id]))).rejects.toEqual(denied);
    const others = await asUser(db, SEED.member.id, (q) => q(`update public.profiles set name = 'Pwned' where id = $1 returning id`, [SEED.merchantOwner.id]));
    expect(others).toHaveLength(0);
  });

  it('nobody inserts profiles through the user roles; only the designated admin deletes, and never an admin', async () => {
    await expect(asUser(db, SEED.member.id, (q) => q(`insert into public.profiles (email, name, role) values ('new@example.com', 'N', 'ADMIN')`))).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(`insert into public.profiles (email, name) values ('new@example.com', 'N')`))).rejects.toEqual(denied);
    const byOther = await asUser(db, OTHER_ADMIN, (q) => q(`delete from public.profiles where id = $1 returning id`, [SEED.pendingOwner.id]));
    expect(byOther).toHaveLength(0);
    const adminByAdmin = await asUser(db, TEST_ADMIN.id, (q) => q(`delete from public.profiles where id = $1 returning id`, [OTHER_ADMIN]));
    expect(adminByAdmin).toHaveLength(0);
    const [temp] = await asService(db, (q) => q<{ id: string }>(`insert into public.profiles (email, name) values ('temp@example.com', 'Temp') returning id`));
    const removed = await asUser(db, TEST_ADMIN.id, (q) => q(`delete from public.profiles where id = $1 returning id`, [temp.id]));
    expect(removed).toHaveLength(1);
  });
});

describe('merchants', () => {
  it('anon and members see active merchants; owners see their pending one; the admin sees all', async () => {
    // Later seed sections add more approved businesses; what matters is who sees the pending one.
    const activeIds = (await asService(db, (q) => q<{ id: string }>(`select id from public.merchants where active order by id`))).map((m) => m.id);
    const anon = await asAnon(db, (q) => q<{ id: string }>(`select id from public.merchants order by id`));
    expect(anon.map((m) => m.id)).toEqual(activeIds);
    expect(activeIds).toContain(SEED.activeMerchantId);
    expect(activeIds).not.toContain(SEED.pendingMerchantId);
    const member = await asUser(db, SEED.member.id, (q) => q<{ id: string }>(`select id from public.merchants order by id`));
    expect(member.map((m) => m.id)).toEqual(activeIds);
    const owner = await asUser(db, SEED.pendingOwner.id, (q) => q<{ id: string }>(`select id from public.merchants order by active`));
    expect(owner.map((m) => m.id)).toContain(SEED.pendingMerchantId);
    const admin = await asUser(db, TEST_ADMIN.id, (q) => q(`select id from public.merchants`));
    expect(admin).toHaveLength(activeIds.length + 1);
  });

  it('owners edit details but cannot approve themselves or change their reward rate', async () => {
    const edited = await asUser(db, SEED.pendingOwner.id, (q) => q(`update public.merchants set phone = '555' where id = $1 returning id`, [SEED.pendingMerchantId]));
    expect(edited).toHaveLength(1);
    await expect(asUser(db, SEED.pendingOwner.id, (q) => q(`update public.merchants set active = true where id = $1`, [SEED.pendingMerchantId]))).rejects.toEqual(denied);
    await expect(asUser(db, SEED.merchantOwner.id, (q) => q(`update public.merchants set reward_rate_bps = 9000 where id = $1`, [SEED.activeMerchantId]))).rejects.toEqual(denied);
    const notMine = await asUser(db, SEED.merchantOwner.id, (q) => q(`update public.merchants set name = 'Mine' where id = $1 returning id`, [SEED.pendingMerchantId]));
    expect(notMine).toHaveLength(0);
    await expect(asUser(db, OTHER_ADMIN, (q) => q(`update public.merchants set active = true where id = $1`, [SEED.pendingMerchantId]))).resolves.toEqual([]);
  });

  it('a MERCHANT without a business may apply (pending only); members may not', async () => {
    const [owner] = await asService(db, (q) => q<{ id: string }>(`insert into public.profiles (email, name, role) values ('applicant@example.com', 'Applicant', 'MERCHANT') returning id`));
    await expect(asUser(db, owner.id, (q) => q(`insert into public.merchants (owner_user_id, name, address, active) values ($1, 'A', 'B', true)`, [owner.id]))).rejects.toEqual(denied);
    const ok = await asUser(db, owner.id, (q) => q(`insert into public.merchants (owner_user_id, name, address) values ($1, 'A', 'B') returning id`, [owner.id]));
    expect(ok).toHaveLength(1);
    await expect(asUser(db, SEED.member.id, (q) => q(`insert into public.merchants (owner_user_id, name, address) values ($1, 'A', 'B')`, [SEED.member.id]))).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(`insert into public.merchants (owner_user_id, name, address) values ($1, 'A', 'B')`, [SEED.member.id]))).rejects.toEqual(denied);
  });

  it('only the designated admin approves and deletes merchants', async () => {
    expect(await asUser(db, SEED.merchantOwner.id, (q) => q(`delete from public.merchants where id = $1 returning id`, [SEED.pendingMerchantId]))).toHaveLength(0);
    const approved = await asUser(db, TEST_ADMIN.id, (q) => q(`update public.merchants set active = true, approved_at = now() where id = $1 returning id`, [SEED.pendingMerchantId]));
    expect(approved).toHaveLength(1);
  });
});

describe('private schema', () => {
  it('credentials, sessions and settings are out of reach of anon and authenticated', async () => {
    for (const table of ['private.credentials', 'private.sessions', 'private.limiter_hits', 'private.app_settings']) {
      await expect(asAnon(db, (q) => q(`select * from ${table}`))).rejects.toEqual(denied);
      await expect(asUser(db, TEST_ADMIN.id, (q) => q(`select * from ${table}`))).rejects.toEqual(denied);
    }
    const rows = await asService(db, (q) => q(`select user_id from private.credentials`));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('every table in public has RLS enabled', async () => {
    const rows = await db.admin.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity`);
    expect(rows).toEqual([]);
  });
});
