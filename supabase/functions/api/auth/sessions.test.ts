// Issue 28: sessions never ended on their own (32 live sessions for one account, a 30-day lifetime, no idle
// timeout, no list of devices). Decision 176: limits per kind, at most 10 per account, a devices list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { deviceLabel } from '../http/device-label.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ SESSIONS_PER_ACCOUNT: '10' }); });
afterAll(() => t.close());

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let n = 0;
async function newMember() {
  const email = `sess-${++n}-${Date.now()}@example.com`;
  const agent = t.agent(`198.51.60.${n}`);
  const res = await agent.request('POST', '/api/auth/register', { role: 'USER', name: 'Sam Session', email, password: 'first-pass' }, { 'user-agent': ANDROID_CHROME });
  expect(res.status).toBe(201);
  const [row] = await sessionsOf(res.body.user.id);
  return { agent, email, id: res.body.user.id as string, sessionId: row.id };
}
async function signIn(email: string, password = 'first-pass', userAgent = IPHONE_SAFARI) {
  const agent = t.agent(`198.51.61.${++n % 250}`);
  const res = await agent.request('POST', '/api/auth/login', { email, password }, { 'user-agent': userAgent });
  expect(res.status).toBe(200);
  return agent;
}
const sessionsOf = (userId: string) => asService(t.database, (q) => q<{
  id: string; kind: string; idle_minutes: number; lifetime_minutes: number; seen_ago_seconds: number; device_label: string | null;
}>(
  `select id, kind, extract(epoch from idle_timeout)::int / 60 as idle_minutes,
          round(extract(epoch from expires_at - created_at) / 60)::int as lifetime_minutes,
          extract(epoch from now() - last_seen_at)::int as seen_ago_seconds, device_label
     from private.sessions where user_id = $1 order by created_at`, [userId]));
const age = (sessionId: string, column: 'last_seen_at' | 'expires_at', by: string) =>
  asService(t.database, (q) => q(`update private.sessions set ${column} = ${column === 'expires_at' ? 'now()' : column} - $2::interval where id = $1`, [sessionId, by]));
const me = async (agent: Agent) => (await agent.get('/api/auth/me')).status;

describe('limits per kind of session', () => {
  it("a member's phone: idle 14 days, 30 days at most", async () => {
    const { agent, id, sessionId } = await newMember();
    expect(await sessionsOf(id)).toMatchObject([{ kind: 'personal', idle_minutes: 14 * 24 * 60, lifetime_minutes: 30 * 24 * 60, device_label: 'Chrome on Android' }]);
    await age(sessionId, 'last_seen_at', '13 days');
    expect(await me(agent)).toBe(200); // used within 14 days: still on, and refreshed
    expect((await sessionsOf(id))[0].seen_ago_seconds).toBeLessThan(60);
    await age(sessionId, 'last_seen_at', '14 days 1 minute');
    expect(await me(agent)).toBe(401);
  });

  it('the absolute lifetime ends a session in use', async () => {
    const { agent, sessionId } = await newMember();
    await age(sessionId, 'expires_at', '1 second');
    expect(await me(agent)).toBe(401);
  });

  it("the admin's desktop: idle 30 minutes, 12 hours at most", async () => {
    const admin = await t.signIn(TEST_ADMIN, '198.51.62.1');
    const rows = await sessionsOf(TEST_ADMIN.id);
    expect(rows.at(-1)).toMatchObject({ kind: 'admin', idle_minutes: 30, lifetime_minutes: 12 * 60 });
    await age(rows.at(-1)!.id, 'last_seen_at', '31 minutes');
    expect(await me(admin)).toBe(401);
  });

  it('a staff session on a paired counter tablet: idle 4 hours, 12 hours at most', async () => {
    const [row] = await asService(t.database, async (q) => {
      const [device] = await q<{ id: string }>(`insert into private.counter_devices (merchant_id, token_hash) values ($1, md5(random()::text)) returning id`, [SEED.activeMerchantId]);
      await q(`select private.start_session($1, md5(random()::text), $2, 'Chrome on Android')`, [SEED.member.id, device.id]);
      return q<{ kind: string; idle: string; lifetime: number }>(
        `select kind, extract(epoch from idle_timeout)::int / 3600 as idle, round(extract(epoch from expires_at - created_at) / 3600)::int as lifetime
           from private.sessions where counter_device_id = $1`, [device.id]);
    });
    expect(row).toMatchObject({ kind: 'counter', idle: 4, lifetime: 12 });
  });

  it('notes use at most every 5 minutes, on the one-round-trip reads too', async () => {
    const { agent, id, sessionId } = await newMember();
    await age(sessionId, 'last_seen_at', '2 minutes');
    expect((await agent.get(`/api/deals/public?cityId=${SEED.lyonsId}`)).status).toBe(200);
    expect((await sessionsOf(id))[0].seen_ago_seconds).toBeGreaterThanOrEqual(119); // no write within 5 minutes
    await age(sessionId, 'last_seen_at', '10 minutes');
    expect(await me(agent)).toBe(200); // GET /api/auth/me goes in one round trip (decision 130)
    expect((await sessionsOf(id))[0].seen_ago_seconds).toBeLessThan(60);
  });
});

describe('at most 10 live sessions per account', () => {
  it('the oldest end first', async () => {
    const { agent: first, email, id } = await newMember();
    const agents: Agent[] = [first];
    for (let i = 0; i < 11; i++) agents.push(await signIn(email));
    expect(await sessionsOf(id)).toHaveLength(10);
    expect(await me(agents[0])).toBe(401);
    expect(await me(agents[1])).toBe(401);
    for (const agent of agents.slice(2)) expect(await me(agent)).toBe(200);
  });
});

describe('GET and DELETE /api/auth/sessions', () => {
  it('lists the live sessions with browser, approximate time and "this device"', async () => {
    const { agent, email } = await newMember();
    await signIn(email);
    const res = await agent.get('/api/auth/sessions');
    expect(res.status).toBe(200);
    expect(res.body.sessions).toHaveLength(2);
    const [newest, mine] = res.body.sessions;
    expect(newest).toMatchObject({ device: 'Safari on iPhone', kind: 'personal', current: false });
    expect(mine).toMatchObject({ device: 'Chrome on Android', current: true });
    expect(Date.parse(mine.lastActiveAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.agent().get('/api/auth/sessions')).status).toBe(401);
  });

  it('ends another device of mine, refuses anyone else\'s, and ends this one with its cookie', async () => {
    const { agent, email } = await newMember();
    const phone = await signIn(email);
    const other = await newMember();
    const [phoneSession] = (await agent.get('/api/auth/sessions')).body.sessions.filter((s: { current: boolean }) => !s.current);
    expect((await other.agent.delete(`/api/auth/sessions/${phoneSession.id}`)).status).toBe(404);
    expect(await me(phone)).toBe(200);
    expect((await agent.delete('/api/auth/sessions/not-a-uuid')).status).toBe(400);
    const ended = await agent.delete(`/api/auth/sessions/${phoneSession.id}`);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ success: true, current: false });
    expect(await me(phone)).toBe(401);
    const own = (await agent.get('/api/auth/sessions')).body.sessions[0];
    const self = await agent.delete(`/api/auth/sessions/${own.id}`);
    expect(self.body.current).toBe(true);
    expect(agent.hasSession()).toBe(false);
    expect(await me(agent)).toBe(401);
  });
});

describe('device labels', () => {
  it('names common browsers, never echoes the User-Agent', () => {
    expect(deviceLabel(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(deviceLabel(IPHONE_SAFARI)).toBe('Safari on iPhone');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Windows');
    expect(deviceLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge on Mac');
    expect(deviceLabel(undefined)).toBe('Unknown browser');
    expect(deviceLabel('<script>evil</script>')).toBe('Unknown browser');
  });
});
