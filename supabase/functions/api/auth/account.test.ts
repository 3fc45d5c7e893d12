import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { linkIn, readMailDir } from '../../../../tests/support/mail.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { drainOutbox } from '../jobs/mail-drain.ts';
import { clearSignInFailures } from '../limits/limiter.ts';
import {
  FORGOT_PASSWORD_MESSAGE, INVALID_RESET_LINK_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE,
} from '../../_shared/contract/account.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ RATE_LIMIT_ACCOUNT_MAIL_PER_EMAIL: '3', RATE_LIMIT_ACCOUNT_MAIL_PER_IP: '6' }); });
afterAll(() => t.close());

const mailDir = () => (t.deps.mail as unknown as { dir: string }).dir;
/** Drains the outbox and answers the newest mail to `to` with a subject matching `subject`. */
async function lastMail(to: string, subject: RegExp) {
  await drainOutbox(t.database.db, t.deps.mail, { from: t.deps.config.emailFrom });
  return readMailDir(mailDir()).filter((m) => m.to === to && subject.test(m.subject)).at(-1);
}
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

let n = 0;
async function newMember(agent: Agent = t.agent(`198.18.0.${++n}`)) {
  const email = `acct-${++n}-${Date.now()}@example.com`;
  const res = await agent.post('/api/auth/register', { role: 'USER', name: 'Ada Account', email, password: 'first-pass' });
  expect(res.status).toBe(201);
  return { agent, email, id: res.body.user.id as string };
}

describe('forgot and reset password', () => {
  it('answers 202 with the same body for a known and an unknown address; only the known one gets mail', async () => {
    const { email } = await newMember();
    const known = await t.agent('198.19.1.1').post('/api/auth/forgot-password', { email: email.toUpperCase() });
    const unknown = await t.agent('198.19.1.2').post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    const mail = await lastMail(email, /Reset your Pay Local password/);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('http://localhost:3000/reset-password?token='); // config only (decision 176)
    expect(readMailDir(mailDir()).some((m) => m.to === 'nobody-here@example.com')).toBe(false);
  });

  it('stores only the hash of the token, valid for one hour', async () => {
    const { email, id } = await newMember();
    await t.agent('198.19.2.1').post('/api/auth/forgot-password', { email });
    const token = tokenOf(linkIn((await lastMail(email, /Reset/))!, '/reset-password'));
    const rows = await asService(t.database, (q) => q<{ token_hash: string; minutes: number }>(
      `select token_hash, round(extract(epoch from expires_at - created_at) / 60)::int as minutes
         from private.account_tokens where user_id = $1 and purpose = 'password_reset'`, [id]));
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].minutes).toBe(60);
  });

  it('sets the password, ends every session, signs the user in; the link then works no more', async () => {
    const { agent: oldSession, email } = await newMember();
    await t.agent('198.19.3.1').post('/api/auth/forgot-password', { email });
    const token = tokenOf(linkIn((await lastMail(email, /Reset/))!, '/reset-password'));
    const browser = t.agent('198.19.3.2');
    const res = await browser.post('/api/auth/reset-password', { token, password: 'second-pass' });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
    expect((await browser.get('/api/auth/me')).status).toBe(200);
    expect((await oldSession.get('/api/auth/me')).status).toBe(401);
    expect((await t.agent('198.19.3.3').post('/api/auth/login', { email, password: 'first-pass' })).status).toBe(401);
    await t.agent('198.19.3.4').login(email, 'second-pass');
    const reused = await t.agent('198.19.3.5').post('/api/auth/reset-password', { token, password: 'third-pass' });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(INVALID_RESET_LINK_MESSAGE);
    expect(await lastMail(email, /password was changed/)).toBeDefined();
  });

  it('refuses an expired link, a made-up one and a link of a superseded reset', async () => {
    const { email, id } = await newMember();
    await t.agent('198.19.4.1').post('/api/auth/forgot-password', { email });
    const token = tokenOf(linkIn((await lastMail(email, /Reset/))!, '/reset-password'));
    await asService(t.database, (q) => q(`update private.account_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [id]));
    const expired = await t.agent().post('/api/auth/reset-password', { token, password: 'second-pass' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(INVALID_RESET_LINK_MESSAGE);
    const madeUp = await t.agent().post('/api/auth/reset-password', { token: 'x'.repeat(43), password: 'second-pass' });
    expect(madeUp.status).toBe(400);
    const short = await t.agent().post('/api/auth/reset-password', { token, password: '123' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('The password must be at least 8 characters'); // the one rule (decision 176)
    // The old password still works: nothing changed.
    await t.agent('198.19.4.2').login(email, 'first-pass');
  });

  it('limits requests per account (address) and per client address, known or not', async () => {
    const { email } = await newMember();
    for (let i = 0; i < 3; i++) {
      expect((await t.agent(`198.19.5.${i}`).post('/api/auth/forgot-password', { email })).status).toBe(202);
    }
    const blocked = await t.agent('198.19.5.9').post('/api/auth/forgot-password', { email });
    expect(blocked.status).toBe(429);
    await drainOutbox(t.database.db, t.deps.mail, { from: t.deps.config.emailFrom });
    expect(readMailDir(mailDir()).filter((m) => m.to === email && /Reset/.test(m.subject))).toHaveLength(3);
    // Per client address: 6 requests for different unknown addresses, the 7th refused.
    const ip = t.agent('198.19.6.1');
    for (let i = 0; i < 6; i++) {
      expect((await ip.post('/api/auth/forgot-password', { email: `ghost-${i}@example.com` })).status).toBe(202);
    }
    expect((await ip.post('/api/auth/forgot-password', { email: 'ghost-7@example.com' })).status).toBe(429);
  });
});

describe('change password and sign out everywhere', () => {
  it('changes the password with the right current one and ends the other sessions only', async () => {
    const { agent, email } = await newMember();
    const other = t.agent('198.19.7.2');
    await other.login(email, 'first-pass');
    const res = await agent.post('/api/auth/change-password', { currentPassword: 'first-pass', newPassword: 'changed-pass' });
    expect(res.status).toBe(200);
    expect((await agent.get('/api/auth/me')).status).toBe(200);
    expect((await other.get('/api/auth/me')).status).toBe(401);
    await t.agent('198.19.7.3').login(email, 'changed-pass');
    expect(await lastMail(email, /password was changed/)).toBeDefined();
  });

  it('refuses a wrong current password (and counts it as a failed sign-in), and needs a session', async () => {
    const { agent, email } = await newMember();
    const wrong = await agent.post('/api/auth/change-password', { currentPassword: 'not-it', newPassword: 'changed-pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(WRONG_CURRENT_PASSWORD_MESSAGE);
    for (let i = 0; i < 4; i++) await agent.post('/api/auth/change-password', { currentPassword: 'not-it', newPassword: 'changed-pass' });
    const limited = await agent.post('/api/auth/change-password', { currentPassword: 'first-pass', newPassword: 'changed-pass' });
    expect(limited.status).toBe(429);
    await asService(t.database, (q) => clearSignInFailures(q, email));
    await t.agent('198.19.8.2').login(email, 'first-pass'); // nothing changed
    expect((await t.agent().post('/api/auth/change-password', { currentPassword: 'a', newPassword: 'bbbbbb' })).status).toBe(401);
  });

  it('logout-all ends every session of the account, this one included, and no one else\'s', async () => {
    const { agent, email } = await newMember();
    const second = t.agent('198.19.9.2');
    await second.login(email, 'first-pass');
    const stranger = await t.signIn(SEED.member, '198.19.9.3');
    expect((await agent.post('/api/auth/logout-all')).status).toBe(200);
    expect((await agent.get('/api/auth/me')).status).toBe(401);
    expect((await second.get('/api/auth/me')).status).toBe(401);
    expect((await stranger.get('/api/auth/me')).status).toBe(200);
    expect((await t.agent().post('/api/auth/logout-all')).status).toBe(401);
  });
});

describe('verified addresses', () => {
  it('registration mails a link; the profile says not verified until the link comes back, then verified', async () => {
    const { agent, email } = await newMember();
    expect((await agent.get('/api/auth/profile')).body.emailVerified).toBe(false);
    const mail = await lastMail(email, /Confirm your email address/);
    expect(mail).toBeDefined();
    const token = tokenOf(linkIn(mail!, '/verify-email'));
    // No session needed: the link may be opened on another device.
    const res = await t.agent('198.19.10.2').post('/api/auth/verify-email', { token });
    expect(res.status).toBe(200);
    expect((await agent.get('/api/auth/profile')).body.emailVerified).toBe(true);
    const again = await t.agent().post('/api/auth/verify-email', { token });
    expect(again.status).toBe(400);
  });

  it('refuses an expired link and a password-reset token used as a verification token', async () => {
    const { agent, email, id } = await newMember();
    const token = tokenOf(linkIn((await lastMail(email, /Confirm/))!, '/verify-email'));
    await asService(t.database, (q) => q(`update private.account_tokens set expires_at = now() - interval '1 second' where user_id = $1 and purpose = 'verify_email'`, [id]));
    expect((await t.agent().post('/api/auth/verify-email', { token })).status).toBe(400);
    await t.agent('198.19.11.1').post('/api/auth/forgot-password', { email });
    const resetToken = tokenOf(linkIn((await lastMail(email, /Reset/))!, '/reset-password'));
    expect((await t.agent().post('/api/auth/verify-email', { token: resetToken })).status).toBe(400);
    expect((await agent.get('/api/auth/profile')).body.emailVerified).toBe(false);
  });

  it('resend sends a fresh link within the limits and nothing once verified; members cannot verify themselves', async () => {
    const { agent, email } = await newMember();
    for (let i = 0; i < 3; i++) expect((await agent.post('/api/auth/resend-verification')).status).toBe(202);
    expect((await agent.post('/api/auth/resend-verification')).status).toBe(429);
    const token = tokenOf(linkIn((await lastMail(email, /Confirm/))!, '/verify-email'));
    expect((await t.agent().post('/api/auth/verify-email', { token })).status).toBe(200);
    const none = await agent.post('/api/auth/resend-verification');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ sent: false });
    // The column is not among those a member may update (RLS + column grants).
    const other = await newMember();
    await expect(t.database.db.transaction({ role: 'authenticated', sub: other.id }, (q) => q(
      `update public.profiles set email_verified_at = now() where id = $1`, [other.id]))).rejects.toThrow(/permission denied/);
  });
});
