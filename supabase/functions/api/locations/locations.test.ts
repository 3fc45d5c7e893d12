// A business's locations (issue 40): the owner's CRUD with hours and exceptions, the last-location rule, deals
// limited to locations, a tablet placed at a location counting its redemptions there, and the admin's read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveMembers, withPersonalCode } from '../../../../tests/support/counter-members.ts';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { type Agent, createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { GEOCODER_OFF_MESSAGE, LAST_LOCATION_MESSAGE } from '../../_shared/contract/locations.ts';
import { nominatimGeocoder } from '../ports/geocoder/nominatim-geocoder.ts';

let t: TestApp;
let rosa: Agent;
let ip = 0;
const agent = () => t.agent(`198.18.40.${++ip}`);
const signedIn = async (who: { email: string; password: string }) => {
  const a = agent();
  await a.login(who.email, who.password);
  return a;
};

let first: { id: string; address: string };
let downtown: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  rosa = await signedIn(SEED.merchantOwner);
});
afterAll(() => t.close());

const DOWNTOWN = {
  name: 'Downtown',
  address: '12 Main St, Lyons, CO',
  latitude: 40.2247,
  longitude: -105.2714,
  phone: '303-555-0140',
  hours: [
    { weekday: 1, opensAt: '08:00', closesAt: '12:00' },
    { weekday: 1, opensAt: '13:00', closesAt: '18:00' },
    // Friday night past midnight.
    { weekday: 5, opensAt: '18:00', closesAt: '02:00' },
  ],
  exceptions: [
    { date: '2026-12-25', note: 'Christmas' },
    { date: '2026-12-24', opensAt: '08:00', closesAt: '12:00', note: 'Short day' },
  ],
};

describe('the owner manages locations', () => {
  it('lists the first location, made from the business address, without a pin or hours', async () => {
    const res = await rosa.get('/api/merchant/locations');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ name: null, latitude: null, longitude: null, hours: [], exceptions: [] });
    first = res.body[0];
  });

  it('adds a second location with hours, exceptions and a pin', async () => {
    const res = await rosa.post('/api/merchant/locations', DOWNTOWN);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Downtown', address: '12 Main St, Lyons, CO', latitude: 40.2247, longitude: -105.2714, phone: '303-555-0140',
      hours: DOWNTOWN.hours,
      // Sorted by date; a closed day has no times.
      exceptions: [
        { date: '2026-12-24', opensAt: '08:00', closesAt: '12:00', note: 'Short day' },
        { date: '2026-12-25', opensAt: null, closesAt: null, note: 'Christmas' },
      ],
    });
    downtown = res.body;
    expect((await rosa.get('/api/merchant/locations')).body.map((l: { id: string }) => l.id)).toEqual([first.id, downtown.id]);
  });

  it('refuses what cannot be a location, in words', async () => {
    const post = (body: unknown) => rosa.post('/api/merchant/locations', body).then((r) => [r.status, r.body.message]);
    expect(await post({ address: 'x', latitude: 40 })).toEqual([400, 'The longitude is required with the other coordinate (send both, or neither for no pin)']);
    expect(await post({ address: 'x', latitude: 91, longitude: 0 })).toEqual([400, 'The latitude must be from -90 to 90 degrees']);
    expect(await post({ address: '  ' })).toEqual([400, 'The address is required']);
    expect(await post({ address: 'x', hours: [{ weekday: 8, opensAt: '08:00', closesAt: '09:00' }] }))
      .toEqual([400, 'The weekday must be an ISO weekday, 1 (Monday) to 7 (Sunday)']);
    expect(await post({ address: 'x', hours: [{ weekday: 1, opensAt: '8am', closesAt: '09:00' }] }))
      .toEqual([400, 'The opening time must be a time written HH:MM (00:00 to 23:59)']);
    expect(await post({ address: 'x', hours: [{ weekday: 2, opensAt: '08:00', closesAt: '12:00' }, { weekday: 2, opensAt: '11:00', closesAt: '14:00' }] }))
      .toEqual([400, 'The opening hours overlap on day 2: 08:00–12:00 and 11:00–14:00']);
    expect(await post({ address: 'x', exceptions: [{ date: '2026-12-31', opensAt: '10:00' }] }))
      .toEqual([400, 'The closing time is required with the other time (leave both out for closed all day)']);
    expect(await post({ address: 'x', city: 'Lyons' })).toEqual([400, expect.stringContaining('has an unknown field')]);
  });

  it('changes only what is sent; hours sent replace the week', async () => {
    const res = await rosa.patch(`/api/merchant/locations/${downtown.id}`, { phone: null, hours: [{ weekday: 6, opensAt: '09:00', closesAt: '17:00' }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Downtown', phone: null, latitude: 40.2247, hours: [{ weekday: 6, opensAt: '09:00', closesAt: '17:00' }] });
    expect(res.body.exceptions).toHaveLength(2);
    const pin = await rosa.patch(`/api/merchant/locations/${first.id}`, { latitude: 40.22, longitude: -105.27 });
    expect(pin.body).toMatchObject({ latitude: 40.22, longitude: -105.27, address: first.address });
    expect((await rosa.patch(`/api/merchant/locations/${first.id}`, { latitude: 40.3 })).body.message)
      .toBe('The longitude is required with the other coordinate (send both, or neither for no pin)');
    expect((await rosa.patch(`/api/merchant/locations/${first.id}`, {})).body.message).toBe('Nothing to update');
  });

  it("keeps others out: another owner's location is not found; members, visitors are refused", async () => {
    const pending = await signedIn(SEED.pendingOwner);
    expect((await pending.patch(`/api/merchant/locations/${downtown.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await pending.delete(`/api/merchant/locations/${downtown.id}`)).status).toBe(404);
    expect((await pending.get('/api/merchant/locations')).body.map((l: { id: string }) => l.id)).not.toContain(downtown.id);
    const member = await signedIn(SEED.member);
    expect((await member.get('/api/merchant/locations')).status).toBe(403);
    expect((await member.post('/api/merchant/locations', { address: 'x' })).status).toBe(403);
    expect((await agent().get('/api/merchant/locations')).status).toBe(401);
  });

  it('never deletes the last location (409, in words)', async () => {
    const pending = await signedIn(SEED.pendingOwner);
    const [only] = (await pending.get('/api/merchant/locations')).body;
    const res = await pending.delete(`/api/merchant/locations/${only.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(LAST_LOCATION_MESSAGE);
    // The trigger holds even past the API's check.
    await expect(asService(t.database, (q) => q(`delete from public.business_locations where id = $1`, [only.id])))
      .rejects.toThrow('A business keeps at least one location');
  });
});

describe('deals limited to locations', () => {
  it('a deal applies everywhere, or at the locations chosen; another business\'s location is refused', async () => {
    const everywhere = await rosa.post('/api/merchant/deals', { title: 'Everywhere', description: 'x', discountPercent: 10 });
    expect(everywhere.body.locationIds).toEqual([]);
    const limited = await rosa.post('/api/merchant/deals', { title: 'Downtown only', description: 'x', discountPercent: 10, locationIds: [downtown.id] });
    expect(limited.status).toBe(201);
    expect(limited.body.locationIds).toEqual([downtown.id]);
    const widened = await rosa.patch(`/api/merchant/deals/${limited.body.id}`, { locationIds: [] });
    expect(widened.body.locationIds).toEqual([]);
    const back = await rosa.patch(`/api/merchant/deals/${limited.body.id}`, { locationIds: [downtown.id] });
    expect(back.body.locationIds).toEqual([downtown.id]);
    const pending = await signedIn(SEED.pendingOwner);
    const [theirs] = (await pending.get('/api/merchant/locations')).body;
    const foreign = await rosa.patch(`/api/merchant/deals/${limited.body.id}`, { locationIds: [theirs.id] });
    expect([foreign.status, foreign.body.message]).toEqual([400, 'The locations must be locations of your business']);
    // Deleting a deal's only location would widen it to every location: refused.
    const res = await rosa.delete(`/api/merchant/locations/${downtown.id}`);
    expect([res.status, res.body.message]).toEqual([409, 'The deal "Downtown only" applies only at this location: choose other locations for it before deleting this one.']);
    await rosa.delete(`/api/merchant/deals/${limited.body.id}?permanent=true`);
  });
});

describe('the counter at a location', () => {
  it('a tablet paired at a location records there; a deal limited elsewhere is refused; the activity shows and filters it', async () => {
    const code = await rosa.post(`/api/merchant/counter-devices?locationId=${downtown.id}`);
    expect(code.status).toBe(201);
    const tablet = agent();
    expect((await tablet.post('/api/counter/pair', { code: code.body.code })).status).toBe(201);
    await tablet.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
    const devices = (await rosa.get('/api/merchant/counter-devices')).body as { id: string; locationId: string | null }[];
    const device = devices.at(-1)!;
    expect(device.locationId).toBe(downtown.id);

    const here = (await rosa.post('/api/merchant/deals', { title: 'Downtown latte', description: 'x', discountPercent: 10, perMemberLimit: 'none', locationIds: [downtown.id] })).body;
    const there = (await rosa.post('/api/merchant/deals', { title: 'First-shop latte', description: 'x', discountPercent: 10, perMemberLimit: 'none', locationIds: [first.id] })).body;
    const [m] = await createActiveMembers(t.database, 1, 'Lola');

    const atTablet = await tablet.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: here.currentCode, memberNumber: m.memberNumber }));
    expect(atTablet.status).toBe(201);
    const refused = await tablet.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: there.currentCode, memberNumber: m.memberNumber }));
    expect([refused.status, refused.body.message]).toEqual([409, `This deal is not offered at Downtown: only at ${first.address}`]);
    // Replayed from offline, it is kept, flagged.
    const replayed = await tablet.post('/api/merchant/verify-code', await withPersonalCode(t.database, {
      code: there.currentCode, memberNumber: m.memberNumber, verifiedAt: new Date(Date.now() - 1000).toISOString(),
    }));
    expect([replayed.status, replayed.body.flag]).toEqual([201, 'wrong_location']);
    // The owner's own phone is no tablet: it counts at the first location.
    const atPhone = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: there.currentCode, memberNumber: m.memberNumber }));
    expect(atPhone.status).toBe(201);

    const stored = await asService(t.database, (q) => q<{ id: string; location_id: string }>(
      `select id::text, location_id from public.deal_redemptions where id = any($1::bigint[]) order by id`, [[atTablet.body.id, replayed.body.id, atPhone.body.id]]));
    expect(stored.map((r) => r.location_id)).toEqual([downtown.id, downtown.id, first.id]);

    const activity = (await rosa.get('/api/merchant/counter/activity')).body as { id: string; type: string; locationId: string | null; locationName: string | null }[];
    expect(activity.find((a) => a.type === 'deal' && a.id === atTablet.body.id)).toMatchObject({ locationId: downtown.id, locationName: 'Downtown' });
    expect(activity.find((a) => a.type === 'deal' && a.id === atPhone.body.id)).toMatchObject({ locationId: first.id, locationName: first.address });
    const filtered = (await rosa.get(`/api/merchant/counter/activity?locationId=${downtown.id}`)).body as { id: string; locationId: string }[];
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((a) => a.locationId === downtown.id)).toBe(true);
    expect(filtered.map((a) => a.id)).not.toContain(atPhone.body.id);

    // Moved to the first location, the tablet now counts there.
    expect((await rosa.patch(`/api/merchant/counter-devices/${device.id}`, { locationId: first.id })).status).toBe(200);
    const [other] = await createActiveMembers(t.database, 1, 'Mo');
    const moved = await tablet.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: there.currentCode, memberNumber: other.memberNumber }));
    expect(moved.status).toBe(201);
    const pending = await signedIn(SEED.pendingOwner);
    const [theirs] = (await pending.get('/api/merchant/locations')).body;
    expect((await rosa.patch(`/api/merchant/counter-devices/${device.id}`, { locationId: theirs.id })).status).toBe(404);
    expect((await rosa.post(`/api/merchant/counter-devices?locationId=${theirs.id}`)).status).toBe(404);
  });
});

describe('the admin', () => {
  it("reads a business's locations; nobody else may", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const res = await admin.get(`/api/admin/merchants/${SEED.activeMerchantId}/locations`);
    expect(res.status).toBe(200);
    expect(res.body.map((l: { id: string }) => l.id)).toEqual([first.id, downtown.id]);
    expect((await rosa.get(`/api/admin/merchants/${SEED.activeMerchantId}/locations`)).status).toBe(403);
  });
});

describe('the address lookup', () => {
  it('is off unless a geocoder is configured: the owner is told to type coordinates', async () => {
    const res = await rosa.get('/api/merchant/locations/geocode?q=12%20Main%20St');
    expect([res.status, res.body.message]).toEqual([404, GEOCODER_OFF_MESSAGE]);
  });

  it("asks a Nominatim-shaped geocoder and answers its places; its failure is a 502 in words", async () => {
    const asked: string[] = [];
    let failing = false;
    // A double of Nominatim's /search?format=jsonv2: an array of places, coordinates as decimal strings.
    const double: typeof fetch = async (input) => {
      asked.push(String(input));
      if (failing) return new Response('busy', { status: 503 });
      return Response.json([
        { place_id: 1, licence: 'Data © OpenStreetMap contributors, ODbL 1.0', osm_type: 'way', lat: '40.2247431', lon: '-105.2713865',
          category: 'building', type: 'yes', display_name: '12, Main Street, Lyons, Boulder County, Colorado, 80540, United States' },
        { place_id: 2, lat: 'not a number', lon: '0', display_name: 'Broken' },
      ]);
    };
    const geo = await createTestApp({}, (deps) => ({ ...deps, geocoder: nominatimGeocoder({ baseUrl: 'https://geo.test/', userAgent: 'test', fetch: double }) }));
    try {
      const owner = geo.agent('198.18.40.250');
      await owner.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
      // The web learns that the lookup is on from the map's settings, and offers "Find this address".
      expect((await owner.get('/api/map')).body).toEqual({ styleUrl: null, addressLookup: true });
      const res = await owner.get('/api/merchant/locations/geocode?q=12%20Main%20St%2C%20Lyons');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([{ label: '12, Main Street, Lyons, Boulder County, Colorado, 80540, United States', latitude: 40.2247431, longitude: -105.2713865 }]);
      expect(asked).toEqual(['https://geo.test/search?format=jsonv2&limit=5&q=12+Main+St%2C+Lyons']);
      expect((await owner.get('/api/merchant/locations/geocode?q=ab')).body.message).toBe('The search must be at least 3 characters');
      failing = true;
      const failed = await owner.get('/api/merchant/locations/geocode?q=12%20Main%20St');
      expect([failed.status, failed.body.message]).toEqual([502, 'The address lookup did not answer: try again, or type the coordinates.']);
    } finally {
      await geo.close();
    }
  });
});
