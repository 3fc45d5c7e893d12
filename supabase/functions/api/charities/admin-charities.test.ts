import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { signInSecondAdmin, startAdminTestApp } from '../../../../tests/support/admin-accounts.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
let admin: Agent;
let cityId: string;

beforeAll(async () => {
  ({ t, admin } = await startAdminTestApp());
  cityId = (await admin.post('/api/admin/cities', { name: 'Niwot', state: 'Colorado' })).body.id;
});
afterAll(() => t.close());

const offered = async (city: string) =>
  ((await t.agent().get(`/api/charities?cityId=${city}`)).body as { id: string; name: string }[]).map((c) => c.name);

const register = (ip: string, email: string, homeCityId: string, preferredCharityId: string) =>
  t.agent(ip).post('/api/auth/register', { role: 'USER', name: 'New Member', email, password: 'secret1234', homeCityId, preferredCharityId });

describe('admin charities', () => {
  it('a city the admin added gets charities: created, listed with its city, offered at registration', async () => {
    expect(await offered(cityId)).toEqual([]);
    const res = await admin.post('/api/admin/charities', { cityId, name: '  Niwot Kids Club ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cityId, cityName: 'Niwot', cityState: 'Colorado', name: 'Niwot Kids Club', isDefault: false,
      retiredAt: null, memberCount: 0, totalGivenCents: 0 });
    expect(await offered(cityId)).toEqual(['Niwot Kids Club']);
    const listed = (await admin.get(`/api/admin/charities?cityId=${cityId}`)).body;
    expect(listed.map((c: { name: string }) => c.name)).toEqual(['Niwot Kids Club']);
    expect((await admin.get('/api/admin/charities')).body.length).toBeGreaterThanOrEqual(9);
    expect((await register('192.0.2.71', 'niwot@example.com', cityId, res.body.id)).status).toBe(201);
  });

  it('refuses duplicate names in one city whatever the case, and bad input, with clear messages', async () => {
    const again = await admin.post('/api/admin/charities', { cityId, name: 'NIWOT KIDS CLUB' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Niwot already has a charity named NIWOT KIDS CLUB');
    expect((await admin.post('/api/admin/charities', { cityId: SEED.lyonsId, name: 'Niwot Kids Club' })).status).toBe(201);
    expect((await admin.post('/api/admin/charities', { cityId, name: ' ' })).body.message).toBe('The name is required');
    expect((await admin.post('/api/admin/charities', { cityId, name: 'x'.repeat(121) })).body.message).toBe('The name must be at most 120 characters');
    expect((await admin.post('/api/admin/charities', { name: 'X' })).body.message).toBe('The city is required');
    const unknown = await admin.post('/api/admin/charities', { cityId: '00000000-0000-4000-8000-000000000000', name: 'X' });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'The city is not a known city' } });
    expect((await admin.post('/api/admin/charities', { cityId, name: 'X', isDefault: 'yes' })).body.message).toBe('The default setting must be true or false');
  });

  it('edits a name and makes one charity the city default (the previous default stops being one)', async () => {
    const [kids] = (await admin.get(`/api/admin/charities?cityId=${cityId}`)).body;
    const second = (await admin.post('/api/admin/charities', { cityId, name: 'Niwot Trails', isDefault: true })).body;
    expect(second.isDefault).toBe(true);
    const renamed = await admin.patch(`/api/admin/charities/${kids.id}`, { name: 'Niwot Youth Club', isDefault: true });
    expect(renamed.body).toMatchObject({ name: 'Niwot Youth Club', isDefault: true });
    const all = (await admin.get(`/api/admin/charities?cityId=${cityId}`)).body as { name: string; isDefault: boolean }[];
    expect(all.filter((c) => c.isDefault).map((c) => c.name)).toEqual(['Niwot Youth Club']);
    expect((await admin.patch(`/api/admin/charities/${kids.id}`, { name: 'niwot trails' })).body.message)
      .toBe('Niwot already has a charity named niwot trails');
    expect((await admin.patch(`/api/admin/charities/${kids.id}`, {})).body.message).toBe('Nothing to update');
    expect((await admin.patch('/api/admin/charities/00000000-0000-4000-8000-000000000000', { name: 'X' })).status).toBe(404);
    expect((await admin.patch('/api/admin/charities/nope', { name: 'X' })).body.message).toBe('The ID must be a valid id');
  });

  it('retiring takes a charity off every picker; its members keep it; restoring offers it again', async () => {
    const [youth] = (await admin.get(`/api/admin/charities?cityId=${cityId}`)).body.filter((c: { name: string }) => c.name === 'Niwot Youth Club');
    const retired = await admin.patch(`/api/admin/charities/${youth.id}`, { retired: true });
    expect(retired.body).toMatchObject({ retiredAt: expect.any(String), isDefault: false, memberCount: 1 });
    expect(await offered(cityId)).toEqual(['Niwot Trails']);

    const late = await register('192.0.2.72', 'late-niwot@example.com', cityId, youth.id);
    expect(late).toMatchObject({ status: 400, body: { message: 'The preferred charity is not an available charity of that city' } });
    const checkout = await t.agent('192.0.2.73').post('/api/create-subscription', {
      plan: 'monthly', name: 'Late', email: 'late-sub@example.com', password: 'secret1234', homeCityId: cityId, preferredCharityId: youth.id });
    expect(checkout).toMatchObject({ status: 400, body: { message: 'The preferred charity is not an available charity of that city' } });

    const [kept] = await asService(t.database, (q) => q<{ preferred_charity_id: string }>(
      `select preferred_charity_id from public.profiles where email = 'niwot@example.com'`));
    expect(kept.preferred_charity_id).toBe(youth.id);

    expect((await admin.patch(`/api/admin/charities/${youth.id}`, { isDefault: true })).body.message)
      .toBe('A retired charity cannot be the default. Restore it first.');
    expect((await admin.patch(`/api/admin/charities/${youth.id}`, { retired: true, isDefault: true })).body.message)
      .toBe('A retired charity cannot be the default');
    const restored = await admin.patch(`/api/admin/charities/${youth.id}`, { retired: false });
    expect(restored.body).toMatchObject({ retiredAt: null, isDefault: false });
    expect((await offered(cityId)).sort()).toEqual(['Niwot Trails', 'Niwot Youth Club']);
  });

  it('answers 401 to visitors and 403 to members, merchants and a second ADMIN-role account, for every call', async () => {
    const member = await t.signIn(SEED.member, '192.0.2.81');
    const merchant = await t.signIn(SEED.merchantOwner, '192.0.2.82');
    const second = await signInSecondAdmin(t);
    const calls = (a: Agent) => [
      a.get('/api/admin/charities'),
      a.post('/api/admin/charities', { cityId, name: 'Sneaky' }),
      a.patch(`/api/admin/charities/${SEED.lyonsCharityId}`, { retired: true }),
      a.get(`/api/admin/charities/${SEED.lyonsCharityId}/statement?month=2026-11`),
    ];
    for (const res of await Promise.all(calls(t.agent('192.0.2.83')))) expect(res.status).toBe(401);
    for (const who of [member, merchant, second]) {
      for (const res of await Promise.all(calls(who))) expect(res.status).toBe(403);
    }
    expect(await offered(SEED.lyonsId)).toContain('Lyons Youth Sports');
  });
});

describe('monthly statement', () => {
  it('lists the month\'s payments of one charity with a total row, as CSV, without member names or emails', async () => {
    const charity = (await admin.post('/api/admin/charities', { cityId, name: '=HYPERLINK("http://evil.example","Niwot, "Arts"")' })).body;
    const month = new Date().toISOString().slice(0, 7);
    await asService(t.database, async (q) => {
      const [sub] = await q<{ id: string }>(
        `insert into public.subscriptions (user_id, plan, status, provider, provider_customer_id, provider_subscription_id, current_period_start, current_period_end)
         values ($1, 'yearly', 'active', 'test', 'cus_s', 'sub_s', now(), now() + interval '1 year') returning id`, [SEED.member.id]);
      await q(`insert into public.payments (user_id, subscription_id, provider, provider_invoice_id, amount_cents, charity_share_bps, charity_share_cents, charity_id, paid_at)
               values ($1, $2, 'test', 'in_s1', 10000, 1000, 0, $3, $4::timestamptz + interval '1 hour'),
                      ($1, $2, 'test', 'in_s2', 999, 1000, 0, $3, $4::timestamptz + interval '2 hours'),
                      ($1, $2, 'test', 'in_s0', 699, 1000, 0, $3, $4::timestamptz - interval '1 hour')`,
      [SEED.member.id, sub.id, charity.id, `${month}-01T00:00:00Z`]);
    });
    const res = await admin.get(`/api/admin/charities/${charity.id}/statement?month=${month}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="statement-hyperlink-http-evil-example-niwot-arts-${month}.csv"`);
    const lines = (res.body as string).split('\r\n');
    const name = `"'=HYPERLINK(""http://evil.example"",""Niwot, ""Arts"""")"`;
    expect(lines[0]).toBe('Booked at (UTC),Entry,Payment,Invoice,Plan,Amount,Currency,Share (%),Share,Charity');
    expect(lines.slice(1, 3).map((l) => l.split(',').slice(3, 9).join(','))).toEqual([
      'in_s1,Premium,100.00,USD,10.00,10.00', 'in_s2,Premium,9.99,USD,10.00,1.00']);
    expect(lines[1].split(',')[1]).toBe('Payment');
    expect(lines[1].endsWith(`,${name}`)).toBe(true);
    expect(lines[3]).toBe(`Total,,2 payments,,,109.99,,,11.00,${name}`);
    expect(lines[4]).toBe('');
    expect(res.body).not.toContain(SEED.member.email);
    expect(res.body).not.toContain('Maya');

    const empty = await admin.get(`/api/admin/charities/${charity.id}/statement?month=2020-01`);
    expect((empty.body as string).split('\r\n')[1]).toMatch(/^Total,,0 payments,,,0.00,,,0.00,/);
    expect((await admin.get(`/api/admin/charities/${charity.id}/statement?month=2026-13`)).body.message).toBe('The month must be a month like 2026-11');
    expect((await admin.get(`/api/admin/charities/${charity.id}/statement`)).body.message).toBe('The month is required');
    expect((await admin.get(`/api/admin/charities/00000000-0000-4000-8000-000000000000/statement?month=${month}`)).status).toBe(404);
  });
});
