import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { startAdminTestApp } from '../../../../tests/support/admin-accounts.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
let admin: Agent;

beforeAll(async () => ({ t, admin } = await startAdminTestApp()));
afterAll(() => t.close());

const publicCityIds = async () => ((await t.agent().get('/api/cities')).body as { id: string }[]).map((c) => c.id);

describe('admin cities', () => {
  it('creates a city (name and state required, description optional) and refuses duplicates', async () => {
    const res = await admin.post('/api/admin/cities', { name: '  Niwot ', state: 'Colorado', description: '' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Niwot', state: 'Colorado', description: null, active: true, timeZone: 'America/Denver', merchantCount: 0, memberCount: 0 });
    expect(await publicCityIds()).toContain(res.body.id);
    const again = await admin.post('/api/admin/cities', { name: 'niwot', state: 'COLORADO' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A city named niwot, COLORADO already exists');
    expect((await admin.post('/api/admin/cities', { state: 'Colorado' })).body.message).toBe('The name is required');
    expect((await admin.post('/api/admin/cities', { name: 'X', state: ' ' })).body.message).toBe('The state is required');
    expect((await admin.post('/api/admin/cities', { name: 'X', state: 'Y', description: 'x'.repeat(1001) })).body.message)
      .toBe('The description must be at most 1000 characters');
  });

  it('sets an IANA time zone (the deal rules are read in it); anything else is refused', async () => {
    const created = await admin.post('/api/admin/cities', { name: 'Honolulu', state: 'Hawaii', timeZone: 'Pacific/Honolulu' });
    expect(created.body.timeZone).toBe('Pacific/Honolulu');
    const bad = await admin.patch(`/api/admin/cities/${created.body.id}`, { timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The time zone must be an IANA time zone, e.g. America/Denver');
    expect((await admin.post('/api/admin/cities', { name: 'Z', state: 'Z', timeZone: 'UTC+5' })).status).toBe(400);
    const changed = await admin.patch(`/api/admin/cities/${created.body.id}`, { timeZone: 'america/chicago' });
    expect(changed.body.timeZone).toBe('America/Chicago');
  });

  it('lists every city, inactive ones too, with how many businesses and members are in each', async () => {
    const res = await admin.get('/api/admin/cities');
    const lyons = res.body.find((c: { id: string }) => c.id === SEED.lyonsId);
    expect(lyons).toMatchObject({ name: 'Lyons', state: 'Colorado', active: true });
    expect(lyons.merchantCount).toBeGreaterThanOrEqual(2);
    expect(lyons.memberCount).toBeGreaterThanOrEqual(1);
  });

  it('edits any field; deactivating hides the city from every picker and from new choices', async () => {
    const [{ id }] = (await admin.get('/api/admin/cities')).body.filter((c: { name: string }) => c.name === 'Niwot');
    const edited = await admin.patch(`/api/admin/cities/${id}`, { name: 'Niwot Village', description: 'Small town' });
    expect(edited.body).toMatchObject({ name: 'Niwot Village', state: 'Colorado', description: 'Small town', active: true });
    const off = await admin.patch(`/api/admin/cities/${id}`, { active: false });
    expect(off.body).toMatchObject({ name: 'Niwot Village', description: 'Small town', active: false });
    expect(await publicCityIds()).not.toContain(id);
    expect((await admin.get('/api/admin/cities')).body.map((c: { id: string }) => c.id)).toContain(id);

    const register = await t.agent('192.0.2.61').post('/api/auth/register', {
      role: 'USER', name: 'Late Lee', email: 'late@example.com', password: 'secret123', homeCityId: id });
    expect(register.status).toBe(400);
    await expect(asService(t.database, (q) => q(`update public.profiles set home_city_id = $1 where id = $2`, [id, SEED.member.id])))
      .rejects.toThrow('That city is not available');

    expect((await admin.patch(`/api/admin/cities/${id}`, { active: true })).body.active).toBe(true);
    expect(await publicCityIds()).toContain(id);
    expect((await admin.patch(`/api/admin/cities/${id}`, {})).body.message).toBe('Nothing to update');
    expect((await admin.patch(`/api/admin/cities/${id}`, { active: 'yes' })).body.message).toBe('The active setting must be true or false');
    expect((await admin.patch('/api/admin/cities/00000000-0000-4000-8000-000000000000', { active: true })).status).toBe(404);
    expect((await admin.patch(`/api/admin/cities/${id}`, { name: 'Lyons', state: 'Colorado' })).status).toBe(409);
  });

  it('members of a deactivated city keep it, so reactivating restores them', async () => {
    await admin.patch(`/api/admin/cities/${SEED.lyonsId}`, { active: false });
    const [member] = await asService(t.database, (q) => q<{ home_city_id: string }>(`select home_city_id from public.profiles where id = $1`, [SEED.member.id]));
    expect(member.home_city_id).toBe(SEED.lyonsId);
    await admin.patch(`/api/admin/cities/${SEED.lyonsId}`, { active: true });
  });

  it('refuses to delete a city that still has businesses (409), deletes an empty one and clears its members', async () => {
    const [{ n }] = await asService(t.database, (q) => q<{ n: number }>(`select count(*)::int as n from public.merchants where city_id = $1`, [SEED.lyonsId]));
    const busy = await admin.delete(`/api/admin/cities/${SEED.lyonsId}`);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(`Lyons still has ${n} businesses. Deactivate the city instead, or delete its businesses first.`);

    const created = await admin.post('/api/admin/cities', { name: 'Hygiene', state: 'Colorado' });
    const charity = await asService(t.database, async (q) => {
      const [row] = await q<{ id: string }>(`insert into public.charities (city_id, name) values ($1, 'Hygiene Kids') returning id`, [created.body.id]);
      await q(`update public.profiles set home_city_id = $1, preferred_charity_id = $2 where id = $3`, [created.body.id, row.id, SEED.member.id]);
      return row.id;
    });
    const res = await admin.delete(`/api/admin/cities/${created.body.id}`);
    expect(res.body).toEqual({ success: true, message: 'City deleted' });
    const [member] = await asService(t.database, (q) => q(`select home_city_id, preferred_charity_id from public.profiles where id = $1`, [SEED.member.id]));
    expect(member).toEqual({ home_city_id: null, preferred_charity_id: null });
    expect(await asService(t.database, (q) => q(`select id from public.charities where id = $1`, [charity]))).toEqual([]);
    expect((await admin.delete(`/api/admin/cities/${created.body.id}`)).status).toBe(404);
  });

  it('refuses to delete a city whose charity received a donation share (kept for accounting)', async () => {
    const created = await admin.post('/api/admin/cities', { name: 'Ward', state: 'Colorado' });
    await asService(t.database, async (q) => {
      const [charity] = await q<{ id: string }>(`insert into public.charities (city_id, name) values ($1, 'Ward Library') returning id`, [created.body.id]);
      const [sub] = await q<{ id: string }>(
        `insert into public.subscriptions (user_id, plan, status, provider, provider_customer_id, provider_subscription_id,
           current_period_start, current_period_end)
         values ($1, 'monthly', 'active', 'test', 'cus_w', 'sub_w', now(), now() + interval '1 month') returning id`, [SEED.member.id]);
      await q(`insert into public.payments (user_id, subscription_id, provider, provider_invoice_id, amount_cents, charity_share_bps, charity_id)
               values ($1, $2, 'test', 'in_w', 999, 1000, $3)`, [SEED.member.id, sub.id, charity.id]);
    });
    const res = await admin.delete(`/api/admin/cities/${created.body.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This city is still referenced by businesses or donation records. Deactivate it instead.');
    expect((await admin.patch(`/api/admin/cities/${created.body.id}`, { active: false })).status).toBe(200);
  });
});
