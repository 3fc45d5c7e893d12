// Password reset, change password, sign out everywhere (issue 16; decisions 090, 092). The SQL is in
// auth/accounts.ts (decision 177); limits go through the one limiter (limits/limiter.ts, decisions 175 and 177).
import { Hono } from 'hono';
import {
  changePasswordBody, FORGOT_PASSWORD_MESSAGE, forgotPasswordBody, INVALID_RESET_LINK_MESSAGE, INVALID_VERIFY_LINK_MESSAGE,
  resetPasswordBody, verifyEmailBody, WRONG_CURRENT_PASSWORD_MESSAGE,
} from '../../_shared/contract/account.ts';
import { type AppContext, type AppEnv, serviceTx, siteUrlOf, servicesOf } from '../http/context.ts';
import type { Query } from '../db/database.ts';
import { clientIp } from '../http/request-guards.ts';
import { badRequest, TooManyRequests } from '../http/http-error.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { sha256Hex } from '../../_shared/tokens.ts';
import { parseJson } from '../http/validate.ts';
import { requireUser } from '../http/session.ts';
import {
  changePassword, consumeAccountToken, credentialsOf, endAllSessions, liveResetTokenAccount, mailPasswordReset, markVerified,
  resetPassword, sendVerificationMail, verificationState,
} from './accounts.ts';
import { assertAcceptablePassword } from '../http/password-policy.ts';
import { checkPasswordLimited, countAccountAttempt, countAccountAttemptIn, takeHit } from '../limits/index.ts';
import { clearSessionCookie, startSession } from '../http/session.ts';
import { loadSessionUser } from './session-user.ts';

export const accountRoutes = new Hono<AppEnv>();

const TOO_MANY_MAIL_MESSAGE = 'Too many requests for that address. Please wait a few minutes and try again.';

/**
 * Account-mail limits: per client address and per email address (= per account; counted for unknown
 * addresses too, so the answer never tells them apart), through the one limiter (decision 175), in the
 * transaction that sends the mail. Past either: 429 with Retry-After.
 */
async function assertAccountMailAllowed(
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

accountRoutes.post('/forgot-password', async (c) => {
  const { email } = await parseJson(c, forgotPasswordBody);
  const ip = clientIp(c);
  await serviceTx(c, async (q) => {
    await assertAccountMailAllowed(c, q, 'password_reset', email, ip);
    await mailPasswordReset(q, email, siteUrlOf(c));
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
  const liveAccount = await serviceTx(c, async (q) => {
    await countAccountAttemptIn(servicesOf(c), q, 'reset-password', { ip });
    return liveResetTokenAccount(q, tokenHash);
  });
  if (!liveAccount) throw badRequest(INVALID_RESET_LINK_MESSAGE);
  await countAccountAttempt(servicesOf(c), 'reset-password-account', { ip, account: liveAccount });
  const passwordHash = await hashPassword(password, c.var.deps.config.bcryptRounds);
  const account = await serviceTx(c, async (q) => {
    const found = await consumeAccountToken(q, token, 'password_reset');
    if (!found) throw badRequest(INVALID_RESET_LINK_MESSAGE);
    await resetPassword(q, found, passwordHash, siteUrlOf(c));
    await startSession(c, q, found.user_id);
    return found;
  });
  const user = await c.var.deps.db.transaction({ role: 'authenticated', sub: account.user_id, email: account.email }, loadSessionUser);
  return c.json({ user });
});

accountRoutes.post('/change-password', async (c) => {
  const user = requireUser(c);
  const { currentPassword, newPassword } = await parseJson(c, changePasswordBody);
  assertAcceptablePassword(newPassword, 'newPassword');
  const row = await serviceTx(c, (q) => credentialsOf(q, user.id));
  // Wrong current passwords count as failed sign-ins (decision 085): the same limits stop guessing from a stolen session.
  if (!(await checkPasswordLimited(servicesOf(c), user.email, () => verifyPassword(currentPassword, row?.password_hash ?? null)))) {
    throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE);
  }
  const passwordHash = await hashPassword(newPassword, c.var.deps.config.bcryptRounds);
  await serviceTx(c, (q) => changePassword(q, { ...user, name: row!.name }, passwordHash, siteUrlOf(c)));
  return c.json({ success: true });
});

accountRoutes.post('/logout-all', async (c) => {
  const user = requireUser(c);
  await serviceTx(c, (q) => endAllSessions(q, user.id));
  clearSessionCookie(c);
  return c.json({ success: true });
});

/** The link from the verification mail (the /verify-email screen posts it); no session needed. */
accountRoutes.post('/verify-email', async (c) => {
  const { token } = await parseJson(c, verifyEmailBody);
  await countAccountAttempt(servicesOf(c), 'verify-email', { ip: clientIp(c) });
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
    const profile = await verificationState(q, user.id);
    if (profile.verified) return false;
    await assertAccountMailAllowed(c, q, 'verify_email', user.email, ip);
    await sendVerificationMail(siteUrlOf(c), q, { userId: user.id, email: user.email, name: profile.name });
    return true;
  });
  return c.json({ sent }, sent ? 202 : 200);
});
