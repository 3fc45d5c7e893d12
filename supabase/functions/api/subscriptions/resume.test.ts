import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailDir } from '../../../../tests/support/mail.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { subscribeThroughApi } from '../../../../tests/support/subscribe.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { drainOutbox } from '../jobs/mail-drain.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

let ip = 0;
const agent = () => t.agent(`198.18.7.${++ip}`);

async function subscribe(a: Agent, email: string | null) {
  const { paid, completed } = await subscribeThroughApi(a, email ? { email, name: 'Remy Resume', password: 'secret123' } : {}, { upgrade: !email });
  expect(paid?.status).toBe(200);
  return completed!;
}
const status = async (a: Agent) => (await a.get('/api/subscription/status')).body.isActive as boolean;

describe('POST /api/subscription/resume', () => {
  it('resumes a paused membership: access back, a confirmation mailed', async () => {
    const a = agent();
    const email = `resume-${Date.now()}@example.com`;
    expect((await subscribe(a, email)).status).toBe(200);
    await a.post('/api/subscription/pause');
    expect(await status(a)).toBe(false);
    const res = await a.post('/api/subscription/resume');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Your membership is active again.' });
    expect(await status(a)).toBe(true);
    expect((await a.get('/api/subscription/details')).body).toMatchObject({ status: 'active', paused: false, cancelAtPeriodEnd: false });
    await drainOutbox(t.database.db, t.deps.mail, { from: t.deps.config.emailFrom });
    const dir = (t.deps.mail as unknown as { dir: string }).dir;
    expect(readMailDir(dir).filter((m) => m.to === email && /membership is resumed/.test(m.subject))).toHaveLength(1);
  });

  it('undoes a cancel at period end before the period ends', async () => {
    const a = agent();
    expect((await subscribe(a, `keep-${Date.now()}@example.com`)).status).toBe(200);
    await a.post('/api/subscription/cancel');
    expect((await a.get('/api/subscription/details')).body.cancelAtPeriodEnd).toBe(true);
    expect((await a.post('/api/subscription/resume')).status).toBe(200);
    expect((await a.get('/api/subscription/details')).body.cancelAtPeriodEnd).toBe(false);
  });

  it('refuses an active membership (409), none (404), one whose period is over (404), and visitors (401)', async () => {
    const a = agent();
    const email = `refuse-${Date.now()}@example.com`;
    expect((await subscribe(a, email)).status).toBe(200);
    expect((await a.post('/api/subscription/resume')).status).toBe(409);
    await a.post('/api/subscription/pause');
    await asService(t.database, (q) => q(
      `update public.subscriptions s set current_period_end = now() - interval '1 minute', current_period_start = now() - interval '1 month'
         from public.profiles p where p.id = s.user_id and p.email = $1`, [email]));
    expect((await a.post('/api/subscription/resume')).status).toBe(404);
    const b = agent();
    await b.post('/api/auth/register', { role: 'USER', name: 'No Sub', email: `nosub-${Date.now()}@example.com`, password: 'secret123' });
    expect((await b.post('/api/subscription/resume')).status).toBe(404);
    expect((await agent().post('/api/subscription/resume')).status).toBe(401);
  });

  it('a member whose membership lapsed subscribes again as their own account (no second account)', async () => {
    const a = agent();
    const email = `lapsed-${Date.now()}@example.com`;
    expect((await subscribe(a, email)).status).toBe(200);
    await asService(t.database, (q) => q(
      `update public.subscriptions s set current_period_end = now() - interval '1 minute', current_period_start = now() - interval '1 month'
         from public.profiles p where p.id = s.user_id and p.email = $1`, [email]));
    expect(await status(a)).toBe(false);
    const again = await subscribe(a, null);
    expect(again.status).toBe(200);
    expect(await status(a)).toBe(true);
    const [counts] = await asService(t.database, (q) => q<{ profiles: number; subs: number }>(
      `select (select count(*)::int from public.profiles where email = $1) as profiles,
              (select count(*)::int from public.subscriptions s join public.profiles p on p.id = s.user_id where p.email = $1) as subs`, [email]));
    expect(counts).toEqual({ profiles: 1, subs: 2 });
  });
});
