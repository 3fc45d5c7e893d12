// Certificates only for a proven key, and the member's devices (issue 38 item 2, decision 190): a one-time
// challenge from the API signed by the device key, a point on P-256, at most 3 devices (a fourth ends the oldest),
// removing one makes a new personal-code secret; the tables are the service role's alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDeviceKey, isP256Point, publicKeyCoordinates, signPassChallenge } from '../../_shared/member-pass.ts';
import { base64UrlToBytes, bytesToBase64Url } from '../../_shared/encoding.ts';
import { certificateRequest } from '../../../../tests/support/counter-members.ts';
import { registerActiveMember } from '../../../../tests/support/member-app.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { asAnon, asService, asUser } from '../../../../tests/support/test-database.ts';
import { CHALLENGE_REFUSED } from './pass-devices.ts';

let t: TestApp;
let member: Agent;
let memberId: string;
let stranger: Agent;
let strangerId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ agent: member, id: memberId } = await registerActiveMember(t, { name: 'Dana Devices', email: 'dana-devices@example.com' }, '203.0.113.61'));
  ({ agent: stranger, id: strangerId } = await registerActiveMember(t, { name: 'Sam Stranger', email: 'sam-devices@example.com' }, '203.0.113.62'));
});
afterAll(() => t.close());

const secretOf = async (id: string) => (await t.database.admin.query<{ secret: string }>(
  `select secret from private.member_pass_secrets where member_id = $1`, [id]))[0]?.secret;

async function certify(agent: Agent, name: string) {
  const keys = await generateDeviceKey();
  const res = await agent.post('/api/member/pass-certificate', await certificateRequest(agent, keys.privateKey, keys.publicKey, name));
  expect(res.status).toBe(201);
  return res.body as { deviceId: string; personalSecret: string; certificate: string };
}

describe('POST /api/member/pass-challenge and pass-certificate', () => {
  it('certifies a key that signs a fresh challenge, and hands the device the personal-code secret', async () => {
    const answer = await certify(member, 'Dana’s phone');
    expect(answer.personalSecret).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect(answer.personalSecret).toBe(await secretOf(memberId));
    const challenge = await member.post('/api/member/pass-challenge');
    expect(challenge.status).toBe(201);
    expect(Date.parse(challenge.body.expiresAt) - Date.now()).toBeLessThanOrEqual(120_000);
    expect((await t.agent().post('/api/member/pass-challenge')).status).toBe(401);
  });

  it('refuses a challenge used twice, expired, another member’s, or signed by another key', async () => {
    const keys = await generateDeviceKey();
    const body = await certificateRequest(member, keys.privateKey, keys.publicKey);
    expect((await member.post('/api/member/pass-certificate', body)).status).toBe(201);
    const twice = await member.post('/api/member/pass-certificate', body);
    expect([twice.status, twice.body.message]).toEqual([400, CHALLENGE_REFUSED]);

    const expired = await certificateRequest(member, keys.privateKey, keys.publicKey);
    await t.database.admin.query(`update private.pass_certificate_challenges set expires_at = now() - interval '1 second' where member_id = $1`, [memberId]);
    expect((await member.post('/api/member/pass-certificate', expired)).body.message).toBe(CHALLENGE_REFUSED);

    const theirs = await certificateRequest(stranger, keys.privateKey, keys.publicKey);
    expect((await member.post('/api/member/pass-certificate', theirs)).body.message).toBe(CHALLENGE_REFUSED);

    // A key the caller does not hold: its point, signed with another key.
    const other = await generateDeviceKey();
    const challenge = (await member.post('/api/member/pass-challenge')).body.challenge as string;
    const forged = { ...(await publicKeyCoordinates(keys.publicKey)), challenge, signature: await signPassChallenge(challenge, other.privateKey) };
    expect((await member.post('/api/member/pass-certificate', forged)).body.message).toBe(CHALLENGE_REFUSED);
  });

  it('refuses a point that is not on the P-256 curve', async () => {
    const keys = await generateDeviceKey();
    const point = await publicKeyCoordinates(keys.publicKey);
    // The same x with y + 1: well-formed coordinates, not a curve point.
    const y = base64UrlToBytes(point.y);
    y[31] ^= 1;
    const offCurve = { x: point.x, y: bytesToBase64Url(y) };
    expect(isP256Point(point.x, point.y)).toBe(true);
    expect(isP256Point(offCurve.x, offCurve.y)).toBe(false);
    expect(isP256Point(bytesToBase64Url(new Uint8Array(32).fill(255)), point.y)).toBe(false); // x >= p
    const challenge = (await member.post('/api/member/pass-challenge')).body.challenge as string;
    const res = await member.post('/api/member/pass-certificate', { ...offCurve, challenge, signature: await signPassChallenge(challenge, keys.privateKey) });
    expect([res.status, res.body.message]).toEqual([400, CHALLENGE_REFUSED]);
    expect((await member.post('/api/member/pass-certificate', { ...point, challenge: 'x', signature: 'y' })).status).toBe(400);
  });
});

describe('GET/DELETE /api/member/pass-devices', () => {
  it('keeps at most 3 devices: a fourth ends the oldest and makes a new secret', async () => {
    const { agent, id } = await registerActiveMember(t, { name: 'Cap Tester', email: 'cap-devices@example.com' }, '203.0.113.63');
    const first = await certify(agent, 'Phone 1');
    await certify(agent, 'Phone 2');
    const third = await certify(agent, 'Tablet 3');
    expect(third.personalSecret).toBe(first.personalSecret);
    const listed = (await agent.get('/api/member/pass-devices')).body.devices as { id: string; name: string; createdAt: string; lastUsedAt: string }[];
    expect(listed.map((d) => d.name)).toEqual(['Phone 1', 'Phone 2', 'Tablet 3']);
    expect(listed[0]).toEqual({ id: first.deviceId, name: 'Phone 1', createdAt: expect.any(String), lastUsedAt: expect.any(String) });
    const fourth = await certify(agent, 'Laptop 4');
    expect(fourth.personalSecret).not.toBe(first.personalSecret);
    expect(fourth.personalSecret).toBe(await secretOf(id));
    const after = (await agent.get('/api/member/pass-devices')).body.devices as { name: string }[];
    expect(after.map((d) => d.name)).toEqual(['Phone 2', 'Tablet 3', 'Laptop 4']);
  });

  it('removes a device of the caller only, and the personal code changes', async () => {
    const mine = await certify(member, 'Spare phone');
    const before = await secretOf(memberId);
    expect((await stranger.delete(`/api/member/pass-devices/${mine.deviceId}`)).status).toBe(404);
    expect(await secretOf(memberId)).toBe(before);
    const removed = await member.delete(`/api/member/pass-devices/${mine.deviceId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.devices.map((d: { id: string }) => d.id)).not.toContain(mine.deviceId);
    expect(await secretOf(memberId)).not.toBe(before);
    expect((await member.delete('/api/member/pass-devices/not-an-id')).status).toBe(400);
  });
});

describe('RLS: the personal-code secret, devices and challenges are the service role’s alone', () => {
  it('the service role reads and writes them; signed-in accounts and visitors cannot touch them', async () => {
    await certify(member, 'RLS phone');
    for (const table of ['private.member_pass_secrets', 'private.member_pass_devices', 'private.pass_certificate_challenges']) {
      await asService(t.database, (q) => q(`select * from ${table}`));
      for (const userId of [memberId, strangerId]) {
        await expect(asUser(t.database, userId, (q) => q(`select * from ${table}`))).rejects.toThrow(/permission denied/);
        await expect(asUser(t.database, userId, (q) => q(`delete from ${table}`))).rejects.toThrow(/permission denied/);
      }
      await expect(asAnon(t.database, (q) => q(`select * from ${table}`))).rejects.toThrow(/permission denied/);
    }
    const [row] = await asService(t.database, (q) => q<{ n: number }>(`select count(*)::int as n from private.member_pass_secrets where member_id = $1`, [memberId]));
    expect(row.n).toBe(1);
    await asService(t.database, (q) => q(`update private.member_pass_devices set name = name where member_id = $1`, [memberId]));
    const [rls] = await t.database.admin.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'private' and c.relname in ('member_pass_secrets', 'member_pass_devices', 'pass_certificate_challenges') and c.relrowsecurity`);
    expect(rls.n).toBe(3);
  });
});
