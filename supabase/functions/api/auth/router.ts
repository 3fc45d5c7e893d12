import { Hono } from 'hono';
import { loginBody, registerBody, updateProfileBody } from '../../_shared/contract/auth.ts';
import { aheadRows, type AppContext, type AppEnv, serviceTx, userTx, servicesOf, siteUrlOf } from '../http/context.ts';
import { clientIp } from '../http/request-guards.ts';
import { notFound, unauthorized } from '../http/http-error.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { assertAcceptablePassword } from '../http/password-policy.ts';
import { parseJson } from '../http/validate.ts';
import { type AheadStatement, requireUser } from '../http/session.ts';
import { clearSessionCookie, startSession } from '../http/session.ts';
import { loadSessionUser, type SessionUserRow, sessionUserSql, toSessionUser } from './session-user.ts';
import {
  checkRegistration, createAccount, credentialsByEmail, endSessionByToken, ownProfile, registrationRefusal, renameProfile,
  sendVerificationMail,
} from './accounts.ts';
import { assertRegistrationAllowed, checkPasswordLimited, countAccountAttempt, countRegistration } from '../limits/index.ts';
import { accountRoutes } from './account-router.ts';
import { sessionRoutes } from './sessions-router.ts';


export const authRoutes = new Hono<AppEnv>();

/** Reads the session user as that user, after a service transaction created them or their session. */
const sessionUserOf = (c: AppContext, id: string, email: string) =>
  c.var.deps.db.transaction({ role: 'authenticated', sub: id, email }, loadSessionUser);

authRoutes.post('/register', async (c) => {
  const body = await parseJson(c, registerBody);
  assertAcceptablePassword(body.password);
  const ip = clientIp(c);
  // Cheap checks first (decision 175): every attempt counts per address and per email; the address's registrations
  // and an existing account are checked before the password is hashed (and again below, where it is decided).
  await countAccountAttempt(servicesOf(c), 'register', { ip, account: body.email });
  await serviceTx(c, async (q) => {
    await assertRegistrationAllowed(servicesOf(c), q, ip);
    await checkRegistration(q, body);
  });
  const passwordHash = await hashPassword(body.password, c.var.deps.config.bcryptRounds);

  const userId = await serviceTx(c, async (q) => {
    await countRegistration(servicesOf(c), q, ip);
    const id = await createAccount(q, body, passwordHash);
    await sendVerificationMail(siteUrlOf(c), q, { userId: id, email: body.email, name: body.name });
    await startSession(c, q, id);
    return id;
  }).catch((error) => { throw registrationRefusal(error); });

  const user = await sessionUserOf(c, userId, body.email);
  return c.json({ user }, 201);
});

authRoutes.post('/login', async (c) => {
  const { email, password } = await parseJson(c, loginBody);
  let account: { id: string; password_hash: string } | null = null;
  const ok = await checkPasswordLimited(servicesOf(c), email, async () => {
    account = await serviceTx(c, (q) => credentialsByEmail(q, email));
    return verifyPassword(password, account?.password_hash ?? null);
  });
  const signedIn = account as { id: string } | null;
  if (!ok || !signedIn) throw unauthorized('Invalid email or password');
  await serviceTx(c, (q) => startSession(c, q, signedIn.id));
  return c.json({ user: await sessionUserOf(c, signedIn.id, email) });
});

authRoutes.post('/logout', async (c) => {
  const user = c.var.user;
  if (user) await serviceTx(c, (q) => endSessionByToken(q, user.sessionTokenHash));
  clearSessionCookie(c);
  return c.json({ success: true });
});

/** GET /api/auth/me's one statement leaves with the session lookup (decision 130). */
const sessionUserStatement = () => ({ text: sessionUserSql, params: [] });
export const sessionUserAhead: AheadStatement = { method: 'GET', path: '/api/auth/me', statement: sessionUserStatement };

authRoutes.get('/me', async (c) => {
  requireUser(c);
  const [row] = await aheadRows<SessionUserRow>(c, sessionUserStatement);
  const user = toSessionUser(row);
  if (!user) throw unauthorized();
  return c.json({ user });
});

authRoutes.get('/profile', async (c) => {
  requireUser(c);
  const profile = await userTx(c, ownProfile);
  if (!profile) throw notFound('Profile not found');
  return c.json(profile);
});

authRoutes.put('/profile', async (c) => {
  requireUser(c);
  const { name } = await parseJson(c, updateProfileBody);
  return c.json(await userTx(c, (q) => renameProfile(q, name)));
});

// Password reset, change and sign-out-everywhere live in their own module, under the same /auth prefix.
authRoutes.route('/', accountRoutes);
authRoutes.route('/', sessionRoutes);
