// Issue 28: reset and change-password used their own 6–200 character rule; every password being set now
// follows the one rule (_shared/password-rule.ts, decision 176) and a refusal names the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, readMailDir } from '../../../../tests/support/mail.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { drainOutbox } from '../jobs/mail-drain.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

let n = 0;
async function newMember() {
  const agent = t.agent(`198.51.77.${++n}`);
  const email = `rule-${n}-${Date.now()}@example.com`;
  const res = await agent.post('/api/auth/register', { role: 'USER', name: 'Rue Rule', email, password: 'first-pass' });
  expect(res.status).toBe(201);
  return { agent, email };
}

async function resetToken(email: string) {
  await t.agent(`198.51.78.${++n}`).post('/api/auth/forgot-password', { email });
  await drainOutbox(t.database.db, t.deps.mail, { from: t.deps.config.emailFrom });
  const dir = (t.deps.mail as unknown as { dir: string }).dir;
  const mail = readMailDir(dir).filter((m) => m.to === email && /Reset/.test(m.subject)).at(-1)!;
  return new URL(linkIn(mail, '/reset-password')).searchParams.get('token')!;
}

describe('reset-password follows the one password rule', () => {
  it('refuses 123456, a password over 72 bytes and a common one, naming the reason; the link still works after', async () => {
    const { email } = await newMember();
    const token = await resetToken(email);
    const browser = t.agent('198.51.79.1');
    const short = await browser.post('/api/auth/reset-password', { token, password: '123456' });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/password.*at least 8 characters/);
    const long = await browser.post('/api/auth/reset-password', { token, password: 'x'.repeat(100) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/^The password must be at most 72 characters, where an accented letter counts as 2/);
    const common = await browser.post('/api/auth/reset-password', { token, password: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body.message).toMatch(/most common passwords/);
    expect((await browser.post('/api/auth/reset-password', { token, password: 'a fine new pass' })).status).toBe(200);
  });
});

describe('change-password follows the one password rule', () => {
  it('refuses a 100-byte password (which could never be used to sign in) and a common one', async () => {
    const { agent, email } = await newMember();
    const long = await agent.post('/api/auth/change-password', { currentPassword: 'first-pass', newPassword: 'y'.repeat(100) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/^The new password must be at most 72 characters, where an accented letter counts as 2/);
    const common = await agent.post('/api/auth/change-password', { currentPassword: 'first-pass', newPassword: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body.message).toMatch(/^The new password is one of the most common/);
    // The password did not change.
    await t.agent('198.51.79.2').login(email, 'first-pass');
  });
});
