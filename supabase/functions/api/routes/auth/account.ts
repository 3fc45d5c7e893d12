// Password reset, change password, sign out everywhere (issue 16; decisions 090, 092).
import { Hono } from 'hono';
import {
  changePasswordBody, FORGOT_PASSWORD_MESSAGE, forgotPasswordBody, INVALID_RESET_LINK_MESSAGE, INVALID_VERIFY_LINK_MESSAGE,
  resetPasswordBody, verifyEmailBody, WRONG_CURRENT_PASSWORD_MESSAGE,
} from '../../../_shared/contract/account.ts';
import { type AppContext, type AppEnv, serviceTx, siteUrlOf } from '../../context.ts';
import type { Query } from '../../db/database.ts';
import { badRequest, TooManyRequests } from '../../lib/http-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { parseJson } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/session.ts';
import { enqueueMail } from '../../ports/mail/outbox.ts';
import { passwordChangedMail, passwordResetMail } from '../../ports/mail/templates.ts';
import { checkPasswordLimited, clientIp } from '../../domain/sign-in-limits.ts';
import { issueAccountToken, sendVerificationMail } from '../../domain/accounts.ts';
import { assertAcceptablePassword } from '../../lib/password-policy.ts';
import { countAccountAttempt, countAccountAttemptIn, takeHit } from '../../domain/limiter.ts';
import { clearSessionCookie, startSession } from '../../middleware/cookies.ts';
import { loadSessionUser } from '../../domain/session-user.ts';

export const accountRoutes = new Hono<AppEnv>();

export const RESET_TOKEN_TTL_MINUTES = 60;

const TOO_MANY_MAIL_MESSAGE = 'Too many requests for that address. Please wait a few minutes and try again.';

/**
 * Account-mail limits: per client address and per email address (= per account; counted for unknown
 * addresses too, so the answer never tells them apart), through the one limiter (decision 175), in the
 * transaction that sends the mail. Past either: 429 with Retry-After.
 */
export async function assertAccountMailAllowed(
  c: AppContext, q: Query, kind: 'password_reset' | 'verify_email', email: string, ip: string,
) {
  const windowSeconds = c.var.deps.config.rateLimit.windowMinutes * 60;
  const { perAccount, perIp } = c.var.deps.config.mailLimits;
  const take = await takeHit(q, [
    { key: `mail-${kind}:account:${(await sha256Hex(email.toLowerCase())).slice(0, 40)}`, limit: perAccount, windowSeconds },
    { key: `mail-${kind}:ip:${ip}`.slice(0, 200), limit: perIp, windowSeconds },
  ], { inTheWork: true });
  if (!take.taken) throw new TooManyRequests(TOO_MANY_MAIL_MESSAGE, take.retryAfterSeconds);
}

/** Marks a token used (once) and answers its account, or null when unknown, used, expired or for another address. */
export async function consumeAccountToken(q: Query, token: string, purpose: 'password_reset' | 'verify_email') {
  const [row] = await q<{ user_id: string; email: string }>(
    `update private.account_tokens t set used_at = now()
       from public.profiles p
      where t.token_hash = $1 and t.purpose = $2 and t.used_at is null and t.expires_at > now()
        and p.id = t.user_id and p.email = t.email
      returning t.user_id, t.email`,
    [await sha256Hex(token), purpose],
  );
  return row ?? null;
}

accountRoutes.post('/forgot-password', async (c) => {
  const { email } = await parseJson(c, forgotPasswordBody);
  const ip = clientIp(c);
  await serviceTx(c, async (q) => {
    await assertAccountMailAllowed(c, q, 'password_reset', email, ip);
    const [account] = await q<{ id: string; name: string }>(`select id, name from public.profiles where email = $1`, [email]);
    if (!account) return;
    const token = await issueAccountToken(q, account.id, email, 'password_reset', RESET_TOKEN_TTL_MINUTES);
    await enqueueMail(q, email, passwordResetMail({ name: account.name, siteUrl: siteUrlOf(c), token }));
  });
  return c.json({ message: FORGOT_PASSWORD_MESSAGE }, 202);
});

accountRoutes.post('/reset-password', async (c) => {
  const { token, password } = await parseJson(c, resetPasswordBody);
  assertAcceptablePassword(password);
  // Cheap checks first (decision 175): the attempt counts per address, the token is looked up before any hash,
  // and then the attempt counts for its account too.
  const ip = clientIp(c);
  const tokenHash = await sha256Hex(token);
  const [live] = await serviceTx(c, async (q) => {
    await countAccountAttemptIn(c, q, 'reset-password', { ip });
    return q<{ user_id: string }>(
      `select user_id from private.account_tokens
        where token_hash = $1 and purpose = 'password_reset' and used_at is null and expires_at > now()`,
      [tokenHash]);
  });
  if (!live) throw badRequest(INVALID_RESET_LINK_MESSAGE);
  await countAccountAttempt(c, 'reset-password-account', { ip, account: live.user_id });
  const passwordHash = await hashPassword(password, c.var.deps.config.bcryptRounds);
  const account = await serviceTx(c, async (q) => {
    const found = await consumeAccountToken(q, token, 'password_reset');
    if (!found) throw badRequest(INVALID_RESET_LINK_MESSAGE);
    await q(`update private.credentials set password_hash = $2, updated_at = now() where user_id = $1`, [found.user_id, passwordHash]);
    // Every session ends (a thief's too); other reset links die with the old password.
    await q(`delete from private.sessions where user_id = $1`, [found.user_id]);
    await q(`update private.account_tokens set used_at = now() where user_id = $1 and purpose = 'password_reset' and used_at is null`, [found.user_id]);
    await q(`delete from private.auth_attempts where kind = 'login_failure' and email = $1`, [found.email]);
    await markVerified(q, found.user_id, found.email);
    const [profile] = await q<{ name: string }>(`select name from public.profiles where id = $1`, [found.user_id]);
    await enqueueMail(q, found.email, passwordChangedMail({ name: profile.name, siteUrl: siteUrlOf(c) }));
    await startSession(c, q, found.user_id);
    return found;
  });
  const user = await c.var.deps.db.transaction({ role: 'authenticated', sub: account.user_id, email: account.email }, loadSessionUser);
  return c.json({ user });
});

/** A link that reached the inbox proves the address (decision 091). */
export async function markVerified(q: Query, userId: string, email: string) {
  await q(
    `update public.profiles set email_verified_at = coalesce(email_verified_at, now()) where id = $1 and email = $2`,
    [userId, email],
  );
}

accountRoutes.post('/change-password', async (c) => {
  const user = requireUser(c);
  const { currentPassword, newPassword } = await parseJson(c, changePasswordBody);
  assertAcceptablePassword(newPassword, 'newPassword');
  const [row] = await serviceTx(c, (q) =>
    q<{ password_hash: string; name: string }>(
      `select cr.password_hash, p.name from private.credentials cr join public.profiles p on p.id = cr.user_id where cr.user_id = $1`,
      [user.id],
    ));
  // Wrong current passwords count as failed sign-ins (decision 085): the same limits stop guessing from a stolen session.
  if (!(await checkPasswordLimited(c, user.email, () => verifyPassword(currentPassword, row?.password_hash ?? null)))) {
    throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE);
  }
  const passwordHash = await hashPassword(newPassword, c.var.deps.config.bcryptRounds);
  await serviceTx(c, async (q) => {
    await q(`update private.credentials set password_hash = $2, updated_at = now() where user_id = $1`, [user.id, passwordHash]);
    await q(`delete from private.sessions where user_id = $1 and token_hash <> $2`, [user.id, user.sessionTokenHash]);
    await q(`update private.account_tokens set used_at = now() where user_id = $1 and purpose = 'password_reset' and used_at is null`, [user.id]);
    await enqueueMail(q, user.email, passwordChangedMail({ name: row.name, siteUrl: siteUrlOf(c) }));
  });
  return c.json({ success: true });
});

accountRoutes.post('/logout-all', async (c) => {
  const user = requireUser(c);
  await serviceTx(c, (q) => q(`delete from private.sessions where user_id = $1`, [user.id]));
  clearSessionCookie(c);
  return c.json({ success: true });
});

/** The link from the verification mail (the /verify-email screen posts it); no session needed. */
accountRoutes.post('/verify-email', async (c) => {
  const { token } = await parseJson(c, verifyEmailBody);
  await countAccountAttempt(c, 'verify-email', { ip: clientIp(c) });
  await serviceTx(c, async (q) => {
    const found = await consumeAccountToken(q, token, 'verify_email');
    if (!found) throw badRequest(INVALID_VERIFY_LINK_MESSAGE);
    await markVerified(q, found.user_id, found.email);
  });
  return c.json({ verified: true });
});

/** "Resend" on /profile: a new link, within the account-mail limits; nothing when already verified. */
accountRoutes.post('/resend-verification', async (c) => {
  const user = requireUser(c);
  const ip = clientIp(c);
  const sent = await serviceTx(c, async (q) => {
    const [profile] = await q<{ name: string; verified: boolean }>(
      `select name, email_verified_at is not null as verified from public.profiles where id = $1`, [user.id]);
    if (profile.verified) return false;
    await assertAccountMailAllowed(c, q, 'verify_email', user.email, ip);
    await sendVerificationMail(c, q, { userId: user.id, email: user.email, name: profile.name });
    return true;
  });
  return c.json({ sent }, sent ? 202 : 200);
});
