import { Hono } from 'hono';
import { loginBody, registerBody, updateProfileBody } from '../../../_shared/contract/auth.ts';
import { DEFAULT_CITY_NAME } from '../../../_shared/constants.ts';
import { aheadRows, type AppContext, type AppEnv, serviceTx, userTx } from '../../context.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/http-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { assertAcceptablePassword } from '../../lib/password-policy.ts';
import { parseJson } from '../../lib/validate.ts';
import { type AheadStatement, requireUser } from '../../middleware/session.ts';
import { assertRegistrationAllowed, checkPasswordLimited, clientIp, recordAttempt } from '../../domain/sign-in-limits.ts';
import { clearSessionCookie, startSession } from '../../domain/session-cookie.ts';
import { loadSessionUser, type SessionUserRow, sessionUserSql, toSessionUser } from '../../domain/session-user.ts';
import { sendVerificationMail, USER_EXISTS_MESSAGE } from '../../domain/accounts.ts';
import { countAccountAttempt } from '../../domain/limiter.ts';
import type { Query } from '../../db/database.ts';
import { accountRoutes } from './account.ts';
import { sessionRoutes } from './sessions.ts';


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
  await countAccountAttempt(c, 'register', { ip, account: body.email });
  await serviceTx(c, async (q) => {
    await assertRegistrationAllowed(c, q, ip);
    const [existing] = await q(`select 1 from public.profiles where email = $1`, [body.email]);
    if (existing) throw conflict(USER_EXISTS_MESSAGE);
    if (body.role === 'USER') await checkCityAndCharity(q, body.homeCityId ?? null, body.preferredCharityId ?? null);
    else if (body.merchantData.cityId) await checkCityAndCharity(q, body.merchantData.cityId, null);
  });
  const passwordHash = await hashPassword(body.password, c.var.deps.config.bcryptRounds);

  const userId = await serviceTx(c, async (q) => {
    await assertRegistrationAllowed(c, q, ip);
    const [existing] = await q(`select 1 from public.profiles where email = $1`, [body.email]);
    if (existing) throw conflict(USER_EXISTS_MESSAGE);

    let homeCityId: string | null = null;
    let charityId: string | null = null;
    if (body.role === 'USER') {
      ({ homeCityId, charityId } = await checkCityAndCharity(q, body.homeCityId ?? null, body.preferredCharityId ?? null));
    }
    const merchantCityId = body.role === 'MERCHANT' ? body.merchantData.cityId ?? null : null;
    if (merchantCityId) await checkCityAndCharity(q, merchantCityId, null);

    const [profile] = await q<{ id: string }>(
      `insert into public.profiles (email, name, role, home_city_id, preferred_charity_id)
       values ($1, $2, $3, $4, $5) returning id`,
      [body.email, body.name, body.role, homeCityId ?? merchantCityId, charityId],
    );
    await q(`insert into private.credentials (user_id, password_hash) values ($1, $2)`, [profile.id, passwordHash]);

    if (body.role === 'MERCHANT') {
      const m = body.merchantData;
      const [city] = merchantCityId
        ? await q<{ label: string }>(`select name || ', ' || state as label from public.cities where id = $1`, [merchantCityId])
        : [];
      await q(
        `insert into public.merchants
           (owner_user_id, name, address, business_type, description, phone, website, city_id, city_name, is_women_owned)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [profile.id, m.businessName, m.businessAddress, m.businessType ?? null, m.businessDescription ?? null,
          m.businessPhone ?? null, m.businessWebsite ?? null, merchantCityId, city?.label ?? m.cityName ?? DEFAULT_CITY_NAME,
          m.isWomenOwned],
      );
    }
    await recordAttempt(q, 'register', body.email, ip);
    await sendVerificationMail(c, q, { userId: profile.id, email: body.email, name: body.name });
    await startSession(c, q, profile.id);
    return profile.id;
  }).catch((error: { code?: string; constraint_name?: string; constraint?: string }) => {
    // Two registrations racing for one email: the unique index decides.
    if (error.code === '23505') throw conflict(USER_EXISTS_MESSAGE);
    throw error;
  });

  const user = await sessionUserOf(c, userId, body.email);
  return c.json({ user }, 201);
});

async function checkCityAndCharity(q: Query, cityId: string | null, charityId: string | null) {
  if (cityId) {
    const [city] = await q(`select 1 from public.cities where id = $1 and active`, [cityId]);
    if (!city) throw badRequest('homeCityId is not an available city');
  }
  if (charityId) {
    if (!cityId) throw badRequest('preferredCharityId needs a homeCityId');
    const [charity] = await q(`select 1 from public.charities where id = $1 and city_id = $2 and retired_at is null`, [charityId, cityId]);
    if (!charity) throw badRequest('preferredCharityId is not an available charity of that city');
  }
  return { homeCityId: cityId, charityId };
}

authRoutes.post('/login', async (c) => {
  const { email, password } = await parseJson(c, loginBody);
  let account: { id: string; password_hash: string } | null = null;
  const ok = await checkPasswordLimited(c, email, async () => {
    [account = null] = await serviceTx(c, (q) => q<{ id: string; password_hash: string }>(
      `select p.id, cr.password_hash from public.profiles p join private.credentials cr on cr.user_id = p.id
        where p.email = $1`,
      [email],
    ));
    return verifyPassword(password, account?.password_hash ?? null);
  });
  const signedIn = account as { id: string } | null;
  if (!ok || !signedIn) throw unauthorized('Invalid email or password');
  await serviceTx(c, (q) => startSession(c, q, signedIn.id));
  return c.json({ user: await sessionUserOf(c, signedIn.id, email) });
});

authRoutes.post('/logout', async (c) => {
  const user = c.var.user;
  if (user) {
    await serviceTx(c, (q) => q(`delete from private.sessions where token_hash = $1`, [user.sessionTokenHash]));
  }
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

const selectProfile = `select name, email, profile_picture as "profilePicture", email_verified_at is not null as "emailVerified"
  from public.profiles where id = (select auth.uid())`;

authRoutes.get('/profile', async (c) => {
  requireUser(c);
  const [profile] = await userTx(c, (q) => q(selectProfile));
  if (!profile) throw notFound('Profile not found');
  return c.json(profile);
});

authRoutes.put('/profile', async (c) => {
  requireUser(c);
  const { name } = await parseJson(c, updateProfileBody);
  const [profile] = await userTx(c, async (q) => {
    await q(`update public.profiles set name = $1 where id = (select auth.uid())`, [name]);
    return q(selectProfile);
  });
  return c.json(profile);
});

// Password reset, change and sign-out-everywhere live in their own module, under the same /auth prefix.
authRoutes.route('/', accountRoutes);
authRoutes.route('/', sessionRoutes);
