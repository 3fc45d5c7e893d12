// Staff on the counter (issue 26, decision 166): invites by mail, the staff list, removal ending sessions at once,
// pairing a tablet with a one-time code, PIN switching with its lock, and what staff may and may not do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPersonalCode } from '../../../../tests/support/counter-members.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { DEALS_SEED } from '../../../../tests/support/deals-seed.ts';
import { readMailDir } from '../../../../tests/support/mail.ts';
import { activateMembership } from '../../../../tests/support/membership.ts';
import { createActiveMembers, memberDevice } from '../../../../tests/support/counter-members.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { type Agent, createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import {
  INVALID_INVITE_MESSAGE, INVALID_PAIRING_CODE_MESSAGE, PAIRING_CODE_ALPHABET, PIN_LOCKED_MESSAGE,
} from '../../_shared/contract/staff.ts';
import { drainOutbox } from '../jobs/mail-drain.ts';

let t: TestApp;
let rosa: Agent;
let ip = 0;
const agent = () => t.agent(`198.18.26.${++ip}`);

beforeAll(async () => {
  t = await createTestApp();
  rosa = agent();
  await rosa.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
});
afterAll(() => t.close());

async function inviteLinkTo(email: string): Promise<string> {
  await drainOutbox(t.database.db, t.deps.mail, { from: t.deps.config.emailFrom });
  const mail = readMailDir((t.deps.mail as unknown as { dir: string }).dir).filter((m) => m.to === email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const token = /\/staff\/accept\?token=([\w%-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error('no invite link');
  return decodeURIComponent(token);
}

let staffCount = 0;
/** Rosa invites a staff member, who accepts with a password and PIN; returns their signed-in agent. */
async function newStaff(pin = '2468', owner = rosa) {
  const email = `staff-${++staffCount}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const name = `Sam Staff${staffCount}`;
  const invited = await owner.post('/api/merchant/staff', { name, email });
  expect(invited.status).toBe(201);
  const token = await inviteLinkTo(email);
  const staff = agent();
  const accepted = await staff.post('/api/auth/staff-invite/accept', { token, password: 'counter-pass-1', pin });
  expect(accepted.status).toBe(200);
  return { agent: staff, id: invited.body.id as string, name, email, user: accepted.body.user };
}

/** A tablet paired with a fresh code of Rosa's. */
async function pairedTablet() {
  const code = await rosa.post('/api/merchant/counter-devices');
  expect(code.status).toBe(201);
  const tablet = agent();
  const paired = await tablet.post('/api/counter/pair', { code: code.body.code });
  expect(paired.status).toBe(201);
  return tablet;
}

describe('invites', () => {
  it('the owner invites by email; the staff member accepts with a password and PIN and is STAFF of the business', async () => {
    const email = 'sally.staff@example.com';
    const invited = await rosa.post('/api/merchant/staff', { name: 'Sally Staff', email: 'Sally.Staff@example.com' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ name: 'Sally Staff', email, status: 'invited', pinSet: false });
    expect((await rosa.get('/api/merchant/staff')).body).toContainEqual(expect.objectContaining({ id: invited.body.id, status: 'invited' }));

    const token = await inviteLinkTo(email);
    const staff = agent();
    expect((await staff.get(`/api/auth/staff-invite?token=${encodeURIComponent(token)}`)).body)
      .toEqual({ name: 'Sally Staff', email, businessName: "Rosa's River Cafe" });
    expect((await staff.post('/api/auth/staff-invite/accept', { token, password: 'counter-pass-1', pin: '12' })).body.message)
      .toBe('The PIN must be 4 to 6 digits');
    const accepted = await staff.post('/api/auth/staff-invite/accept', { token, password: 'counter-pass-1', pin: '135790' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ role: 'STAFF', email, business: { id: SEED.activeMerchantId, businessName: "Rosa's River Cafe" } });
    expect((await staff.get('/api/auth/me')).body.user).toMatchObject({ role: 'STAFF', business: { id: SEED.activeMerchantId } });

    // The link works once; the password signs in on the staff member's own phone; the list says active with a PIN.
    expect((await agent().post('/api/auth/staff-invite/accept', { token, password: 'another-pass-2', pin: '1111' })).body.message).toBe(INVALID_INVITE_MESSAGE);
    expect((await agent().login(email, 'counter-pass-1')).role).toBe('STAFF');
    expect((await rosa.get('/api/merchant/staff')).body).toContainEqual(expect.objectContaining({ id: invited.body.id, status: 'active', pinSet: true }));
    const [secret] = await asService(t.database, (q) => q<{ pin_hash: string }>(`select pin_hash from private.staff_secrets where staff_id = $1`, [invited.body.id]));
    expect(secret.pin_hash).toMatch(/^\$2[aby]\$/);
  });

  it('refuses an address that already has an account, bad input, and non-owners', async () => {
    expect((await rosa.post('/api/merchant/staff', { name: 'Dup', email: SEED.member.email })).status).toBe(409);
    expect((await rosa.post('/api/merchant/staff', { name: '', email: 'x@example.com' })).body.message).toBe('The name is required');
    expect((await rosa.post('/api/merchant/staff', { name: 'X', email: 'nope' })).body.message).toBe('The email must be a valid email address');
    const member = agent();
    await member.login(SEED.member.email, SEED.member.password);
    expect((await member.post('/api/merchant/staff', { name: 'X', email: 'x1@example.com' })).status).toBe(403);
    const pending = agent();
    await pending.login(SEED.pendingOwner.email, SEED.pendingOwner.password);
    expect((await pending.post('/api/merchant/staff', { name: 'X', email: 'x2@example.com' })).status).toBe(403);
    expect((await agent().get('/api/auth/staff-invite?token=made-up')).status).toBe(400);
  });

  it('an owner cannot see or remove another business’s staff', async () => {
    const staff = await newStaff();
    const other = agent();
    await other.login(DEALS_SEED.otherMerchant.email, DEALS_SEED.otherMerchant.password);
    expect((await other.get('/api/merchant/staff')).body.map((s: { id: string }) => s.id)).not.toContain(staff.id);
    expect((await other.delete(`/api/merchant/staff/${staff.id}`)).status).toBe(404);
    expect((await staff.agent.get('/api/auth/me')).status).toBe(200);
  });
});

describe('removing a staff member', () => {
  it('ends every session of theirs at once, paired tablet included, and keeps their name on past actions', async () => {
    const staff = await newStaff('4321');
    const tablet = await pairedTablet();
    expect((await tablet.post('/api/counter/switch', { staffId: staff.id, pin: '4321' })).status).toBe(200);
    const [member] = await createActiveMembers(t.database, 1, 'Removal');
    const deal = (await rosa.post('/api/merchant/deals', { title: 'Removal deal', description: 'x', discountPercent: 5, perMemberLimit: 'none' })).body;
    const done = await tablet.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: member.memberNumber }));
    expect(done.status).toBe(201);

    expect((await rosa.delete(`/api/merchant/staff/${staff.id}`)).status).toBe(200);
    expect((await staff.agent.get('/api/auth/me')).status).toBe(401);
    expect((await tablet.get('/api/merchant/counter/activity')).status).toBe(401);
    expect((await agent().post('/api/auth/login', { email: staff.email, password: 'counter-pass-1' })).status).toBe(401);
    expect((await tablet.get('/api/counter/device')).body.staff.map((s: { id: string }) => s.id)).not.toContain(staff.id);
    expect((await tablet.post('/api/counter/switch', { staffId: staff.id, pin: '4321' })).status).toBe(404);
    expect((await rosa.get('/api/merchant/staff')).body.map((s: { id: string }) => s.id)).not.toContain(staff.id);
    const [sessions] = await asService(t.database, (q) => q<{ n: number }>(
      `select count(*)::int as n from private.sessions where user_id = $1`, [staff.user.id]));
    expect(sessions.n).toBe(0);
    const activity = (await rosa.get('/api/merchant/counter/activity')).body;
    expect(activity.find((a: { id: string; type: string }) => a.id === done.body.id && a.type === 'deal')).toMatchObject({ actedBy: staff.name, memberFirstName: 'Removal' });
    // The address is free again: the owner may invite it anew.
    expect((await rosa.post('/api/merchant/staff', { name: 'Back Again', email: staff.email })).status).toBe(201);
  });
});

describe('pairing a tablet', () => {
  it('a code pairs one tablet once, within 10 minutes; the owner can unpair it, ending its staff session', async () => {
    const code = await rosa.post('/api/merchant/counter-devices');
    expect(code.status).toBe(201);
    expect(code.body.code).toMatch(new RegExp(`^[${PAIRING_CODE_ALPHABET}]{8}$`));
    expect(new Date(code.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    const tablet = agent();
    expect((await tablet.get('/api/counter/device')).status).toBe(404);
    const paired = await tablet.post('/api/counter/pair', { code: code.body.code.toLowerCase().replace(/(....)/, '$1 ') });
    expect(paired.status).toBe(201);
    expect(paired.headers.getSetCookie().join()).toMatch(/pl_counter_device=[^;]+;.*HttpOnly/i);
    expect(tablet.hasSession()).toBe(false); // no owner session on the tablet
    expect((await agent().post('/api/counter/pair', { code: code.body.code })).body.message).toBe(INVALID_PAIRING_CODE_MESSAGE);

    const staff = await newStaff('8642');
    expect((await tablet.get('/api/counter/device')).body).toMatchObject({
      businessName: "Rosa's River Cafe", signedInStaffId: null, staff: expect.arrayContaining([{ id: staff.id, name: staff.name }]),
    });
    expect((await tablet.post('/api/counter/switch', { staffId: staff.id, pin: '8642' })).body.user).toMatchObject({ role: 'STAFF' });
    expect((await tablet.get('/api/counter/device')).body.signedInStaffId).toBe(staff.id);

    const devices = (await rosa.get('/api/merchant/counter-devices')).body as { id: string }[];
    const [stored] = await asService(t.database, (q) => q<{ token_hash: string }>(
      `select token_hash from private.counter_devices order by created_at desc limit 1`));
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const newest = devices.at(-1)!;
    expect((await rosa.delete(`/api/merchant/counter-devices/${newest.id}`)).status).toBe(200);
    expect((await tablet.get('/api/merchant/counter/activity')).status).toBe(401);
    expect((await tablet.get('/api/counter/device')).status).toBe(404);
    // The staff member's own sign-in elsewhere is untouched.
    expect((await staff.agent.get('/api/auth/me')).status).toBe(200);
  });

  it('refuses an expired code and a code of a business that is not approved', async () => {
    const code = await rosa.post('/api/merchant/counter-devices');
    await asService(t.database, (q) => q(`update private.counter_pairing_codes set expires_at = now() - interval '1 second' where used_at is null`));
    expect((await agent().post('/api/counter/pair', { code: code.body.code })).status).toBe(400);
    const pending = agent();
    await pending.login(SEED.pendingOwner.email, SEED.pendingOwner.password);
    expect((await pending.post('/api/merchant/counter-devices')).status).toBe(403);
    expect((await agent().post('/api/counter/pair', {})).body.message).toBe('The code is required');
  });
});

describe('PINs on the tablet', () => {
  it('5 wrong tries lock that PIN for 5 minutes (429 with Retry-After), even for the right PIN; then it works again', async () => {
    const staff = await newStaff('5555');
    const tablet = await pairedTablet();
    for (let i = 1; i <= 4; i++) {
      const wrong = await tablet.post('/api/counter/switch', { staffId: staff.id, pin: '0000' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe(`Wrong PIN: ${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left before it locks`);
    }
    const fifth = await tablet.post('/api/counter/switch', { staffId: staff.id, pin: '0000' });
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe(PIN_LOCKED_MESSAGE);
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(290);
    const right = await tablet.post('/api/counter/switch', { staffId: staff.id, pin: '5555' });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeLessThanOrEqual(300);
    expect(tablet.hasSession()).toBe(false);

    await asService(t.database, (q) => q(`update private.staff_secrets set pin_locked_until = now() - interval '1 second' where staff_id = $1`, [staff.id]));
    expect((await tablet.post('/api/counter/switch', { staffId: staff.id, pin: '0000' })).status).toBe(401); // counting starts again
    expect((await tablet.post('/api/counter/switch', { staffId: staff.id, pin: '5555' })).status).toBe(200);
    const [row] = await asService(t.database, (q) => q(`select pin_failures, pin_locked_until from private.staff_secrets where staff_id = $1`, [staff.id]));
    expect(row).toEqual({ pin_failures: 0, pin_locked_until: null });
  });

  it('concurrent wrong tries are counted exactly: of 12 at once, at most 5 are checked', async () => {
    const staff = await newStaff('7777');
    const tablet = await pairedTablet();
    const answers = await Promise.all(Array.from({ length: 12 }, () => tablet.post('/api/counter/switch', { staffId: staff.id, pin: '1234' })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(8);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const [row] = await asService(t.database, (q) => q<{ pin_failures: number; locked: boolean }>(
      `select pin_failures, pin_locked_until > now() as locked from private.staff_secrets where staff_id = $1`, [staff.id]));
    expect(row).toEqual({ pin_failures: 5, locked: true });
  });

  it('a PIN works only on a tablet paired to the staff member’s business', async () => {
    const staff = await newStaff('2222');
    expect((await agent().post('/api/counter/switch', { staffId: staff.id, pin: '2222' })).status).toBe(403);
    const other = agent();
    await other.login(DEALS_SEED.otherMerchant.email, DEALS_SEED.otherMerchant.password);
    const code = await other.post('/api/merchant/counter-devices');
    const theirs = agent();
    expect((await theirs.post('/api/counter/pair', { code: code.body.code })).status).toBe(201);
    expect((await theirs.post('/api/counter/switch', { staffId: staff.id, pin: '2222' })).status).toBe(404);
    expect((await theirs.post('/api/counter/switch', { staffId: staff.id, pin: 'abcd' })).body.message).toBe('The PIN must be 4 to 6 digits');
  });

  it('switching staff ends the previous staff member’s session on that tablet; sign-out goes back to the switcher', async () => {
    const a = await newStaff('1111');
    const b = await newStaff('2222');
    const tablet = await pairedTablet();
    await tablet.post('/api/counter/switch', { staffId: a.id, pin: '1111' });
    const [before] = await asService(t.database, (q) => q<{ n: number }>(`select count(*)::int as n from private.sessions where user_id = $1 and counter_device_id is not null`, [a.user.id]));
    expect(before.n).toBe(1);
    await tablet.post('/api/counter/switch', { staffId: b.id, pin: '2222' });
    const [after] = await asService(t.database, (q) => q<{ n: number }>(`select count(*)::int as n from private.sessions where user_id = $1 and counter_device_id is not null`, [a.user.id]));
    expect(after.n).toBe(0);
    expect((await tablet.get('/api/auth/me')).body.user.email).toBe(b.email);
    expect((await tablet.post('/api/counter/sign-out')).status).toBe(200);
    expect((await tablet.get('/api/auth/me')).status).toBe(401);
    expect((await tablet.get('/api/counter/device')).status).toBe(200);
  });
});

describe('changing a PIN', () => {
  it('a staff member sets a new PIN with their password; the old PIN stops working and the tries start again', async () => {
    const staff = await newStaff('1357');
    const tablet = await pairedTablet();
    expect((await tablet.post('/api/counter/switch', { staffId: staff.id, pin: '0000' })).status).toBe(401);
    expect((await staff.agent.put('/api/counter/pin', { password: 'wrong-password', pin: '97531' })).status).toBe(400);
    expect((await staff.agent.put('/api/counter/pin', { password: 'counter-pass-1', pin: '9x' })).body.message).toBe('The PIN must be 4 to 6 digits');
    expect((await staff.agent.put('/api/counter/pin', { password: 'counter-pass-1', pin: '97531' })).status).toBe(200);
    expect((await tablet.post('/api/counter/switch', { staffId: staff.id, pin: '1357' })).status).toBe(401);
    expect((await tablet.post('/api/counter/switch', { staffId: staff.id, pin: '97531' })).status).toBe(200);
    // Only staff have a PIN.
    expect((await rosa.put('/api/counter/pin', { password: SEED.merchantOwner.password, pin: '1234' })).status).toBe(403);
  });
});

describe('what staff may do', () => {
  let staff: Agent;
  let staffName: string;
  beforeAll(async () => {
    const s = await newStaff('3141');
    staff = s.agent;
    staffName = s.name;
  });

  it('gets 403 on every /api/merchant route but the counter’s (the list comes from the app’s own routes)', async () => {
    const routes = t.app.routes
      .filter((r) => r.method !== 'ALL' && /^\/api\/merchant(\/|$)/.test(r.path))
      .map((r) => ({ method: r.method, path: r.path }));
    const unique = [...new Map(routes.map((r) => [`${r.method} ${r.path}`, r])).values()];
    expect(unique.length).toBeGreaterThan(20);
    const allowed = new Set([
      'GET /api/merchant/me', 'GET /api/merchant/deals', 'GET /api/merchant/deals/offline-codes',
      'POST /api/merchant/verify-code', 'POST /api/merchant/verify-pass', 'GET /api/merchant/pass-keys',
      'POST /api/merchant/redemptions/:id/undo', 'POST /api/merchant/earn', 'POST /api/merchant/redeem',
      'POST /api/merchant/points/:id/undo', 'GET /api/merchant/members/:memberNumber', 'GET /api/merchant/counter/activity',
      // The counter names and filters its activity by location (issue 40): reading them, never writing.
      'GET /api/merchant/locations',
    ]);
    const refused: string[] = [];
    const admitted: string[] = [];
    for (const route of unique) {
      const path = route.path.replace(/:memberNumber/g, '100001').replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const res = await staff.request(route.method, path, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      (res.status === 403 ? refused : admitted).push(`${route.method} ${route.path}`);
    }
    expect(admitted.sort()).toEqual(unique.map((r) => `${r.method} ${r.path}`).filter((r) => allowed.has(r)).sort());
    expect(refused).toEqual(expect.arrayContaining(['POST /api/merchant/deals', 'POST /api/merchant/staff', 'GET /api/merchant/insights']));
  });

  it('works the counter: live codes, verify-code, verify-pass, earn, redeem, lookups and undo; the owner sees who did it', async () => {
    const deal = (await rosa.post('/api/merchant/deals', { title: 'Staff deal', description: 'x', discountPercent: 10, perMemberLimit: 'none' })).body;
    const paused = (await rosa.post('/api/merchant/deals', { title: 'Paused deal', description: 'x', discountPercent: 10, active: false })).body;
    const seen = (await staff.get('/api/merchant/deals')).body as { id: string; currentCode: string }[];
    expect(seen.map((d) => d.id)).toContain(deal.id);
    expect(seen.map((d) => d.id)).not.toContain(paused.id);
    expect(seen.find((d) => d.id === deal.id)?.currentCode).toBe(deal.currentCode);
    expect((await staff.get('/api/merchant/me')).body).toMatchObject({ id: SEED.activeMerchantId, name: "Rosa's River Cafe" });
    expect((await staff.get('/api/merchant/deals/offline-codes')).status).toBe(200);
    expect((await staff.get('/api/merchant/pass-keys')).status).toBe(200);

    const [m] = await createActiveMembers(t.database, 1, 'Wendy Walker');
    const verified = await staff.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: m.memberNumber }));
    expect(verified.status).toBe(201);
    expect((await staff.get(`/api/merchant/members/${m.memberNumber}`)).status).toBe(200);
    const earned = await staff.post('/api/merchant/earn', { memberNumber: m.memberNumber, amountCents: 5000 });
    expect(earned.status).toBe(201);
    expect((await staff.post('/api/merchant/redeem', await withPersonalCode(t.database, { memberNumber: m.memberNumber, points: 1 }))).status).toBe(201);
    expect((await staff.post(`/api/merchant/points/${earned.body.entryId}/undo`)).status).toBe(409); // spent already, refused by the rule
    const undone = await staff.post(`/api/merchant/redemptions/${verified.body.id}/undo`);
    expect(undone.status).toBe(200);

    await activateMembership(t.database, SEED.member.id);
    const member = agent();
    await member.login(SEED.member.email, SEED.member.password);
    const device = await memberDevice(member);
    const pass = await staff.post('/api/merchant/verify-pass', { pass: await device.passAt(), dealId: deal.id });
    expect(pass.status).toBe(201);

    const activity = (await rosa.get('/api/merchant/counter/activity')).body as Record<string, unknown>[];
    expect(activity.find((a) => a.id === verified.body.id && a.type === 'deal')).toMatchObject({ actedBy: staffName, memberFirstName: 'Wendy', undone: true, flag: null });
    expect(activity.find((a) => a.id === pass.body.id && a.type === 'deal')).toMatchObject({ actedBy: staffName });
    expect(activity.find((a) => a.id === earned.body.entryId && a.type === 'accrual')).toMatchObject({ actedBy: staffName });
    const [row] = await asService(t.database, (q) => q(`select undone_by from public.deal_redemptions where id = $1`, [verified.body.id]));
    const [staffUser] = await asService(t.database, (q) => q<{ user_id: string }>(`select user_id from public.merchant_staff where name = $1`, [staffName]));
    expect(row).toEqual({ undone_by: staffUser.user_id });
    // The owner's own actions say the owner.
    const own = await rosa.post('/api/merchant/earn', { memberNumber: m.memberNumber, amountCents: 1000 });
    expect((await staff.get('/api/merchant/counter/activity')).body.find((a: { id: string; type: string }) => a.id === own.body.entryId && a.type === 'accrual'))
      .toMatchObject({ actedBy: 'Rosa Martinez' });
  });

  it('the activity list shows the flag of a redemption an offline counter accepted against a rule', async () => {
    const deal = (await rosa.post('/api/merchant/deals', { title: 'Once deal', description: 'x', discountPercent: 10, perMemberLimit: 'once' })).body;
    const [m] = await createActiveMembers(t.database, 1, 'Flora');
    expect((await staff.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: m.memberNumber }))).status).toBe(201);
    const offline = await staff.post('/api/merchant/verify-code', await withPersonalCode(t.database, {
      code: deal.currentCode, memberNumber: m.memberNumber, verifiedAt: new Date(Date.now() - 1000).toISOString(),
    }));
    expect(offline.status).toBe(201);
    expect(offline.body.flag).not.toBeNull();
    const item = (await rosa.get('/api/merchant/counter/activity')).body.find((a: { id: string; type: string }) => a.id === offline.body.id && a.type === 'deal');
    expect(item).toMatchObject({ flag: offline.body.flag, memberFirstName: 'Flora', actedBy: staffName });
  });
});
