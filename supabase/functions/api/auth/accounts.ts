// Accounts as the API's routes share them: registration (auth) and subscription signup
// (subscriptions) both create accounts, and both mail the verification link (decision 091).
import type { z } from 'zod';
import type { Profile, registerBody } from '../../_shared/contract/auth.ts';
import { DEFAULT_CITY_NAME } from '../../_shared/constants.ts';
import type { Query } from '../db/database.ts';
import { randomToken, sha256Hex } from '../../_shared/tokens.ts';
import { enqueueMail, passwordChangedMail, passwordResetMail, verifyEmailMail } from '../mail/index.ts';
import { conflict, invalid } from '../domain-error.ts';
import { clearSignInFailures } from '../limits/index.ts';
import { fieldLabel, fieldMessage } from '../../_shared/contract/field-labels.ts';

export const USER_EXISTS_MESSAGE = 'User already exists. Please log in instead.';

const VERIFY_TOKEN_TTL_MINUTES = 7 * 24 * 60;

/** Stores the hash of a new single-use token and returns the token (only ever put in the mail). */
export async function issueAccountToken(
  q: Query, userId: string, email: string, purpose: 'password_reset' | 'verify_email', ttlMinutes: number,
): Promise<string> {
  const token = randomToken(32);
  await q(
    `insert into private.account_tokens (token_hash, user_id, purpose, email, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(mins => $5::int))`,
    [await sha256Hex(token), userId, purpose, email, ttlMinutes],
  );
  return token;
}

/**
 * Mails a verification link to a new account's address, in the transaction that created the account
 * (registration, subscription signup). One call wherever an account is created (decision 091).
 */
export async function sendVerificationMail(
  siteUrl: string, q: Query, account: { userId: string; email: string; name: string },
): Promise<void> {
  const token = await issueAccountToken(q, account.userId, account.email, 'verify_email', VERIFY_TOKEN_TTL_MINUTES);
  await enqueueMail(q, account.email, verifyEmailMail({ name: account.name, siteUrl, token }));
}

// ---------------------------------------------------------------- registration (decision 177: the SQL of router.ts)

/** Whether an account already uses this email address. */
export async function emailTaken(q: Query, email: string): Promise<boolean> {
  const [existing] = await q(`select 1 from public.profiles where email = $1`, [email]);
  return Boolean(existing);
}

/**
 * The one check of a new account's city and charity (registration and subscription signup): the city must be
 * active, the charity one of that city's and not retired. 400 naming the field otherwise.
 */
export async function checkCityAndCharity(q: Query, cityId: string | null, charityId: string | null) {
  if (cityId) {
    const [city] = await q(`select 1 from public.cities where id = $1 and active`, [cityId]);
    if (!city) throw invalid(fieldMessage('homeCityId', 'is not an available city'));
  }
  if (charityId) {
    if (!cityId) throw invalid(fieldMessage('preferredCharityId', `needs ${fieldLabel('homeCityId')}`));
    const [charity] = await q(`select 1 from public.charities where id = $1 and city_id = $2 and retired_at is null`, [charityId, cityId]);
    if (!charity) throw invalid(fieldMessage('preferredCharityId', 'is not an available charity of that city'));
  }
  return { homeCityId: cityId, charityId };
}

type RegisterInput = z.infer<typeof registerBody>;

/** The cheap checks of a registration, before its password is hashed: a free address, a real city and charity. */
export async function checkRegistration(q: Query, body: RegisterInput): Promise<void> {
  if (await emailTaken(q, body.email)) throw conflict(USER_EXISTS_MESSAGE);
  if (body.role === 'USER') await checkCityAndCharity(q, body.homeCityId ?? null, body.preferredCharityId ?? null);
  else if (body.merchantData.cityId) await checkCityAndCharity(q, body.merchantData.cityId, null);
}

/**
 * Creates the account (profile, credentials, and a member's city and charity or a business owner's pending
 * business), checked again here where the race is decided. Runs as service_role. Answers the new user's id.
 */
export async function createAccount(q: Query, body: RegisterInput, passwordHash: string): Promise<string> {
  if (await emailTaken(q, body.email)) throw conflict(USER_EXISTS_MESSAGE);
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
  return profile.id;
}

/** Two registrations racing for one email: the unique index decides. */
export const registrationRefusal = (error: unknown): unknown =>
  (error as { code?: string } | null)?.code === '23505' ? conflict(USER_EXISTS_MESSAGE) : error;

// ---------------------------------------------------------------- passwords and sessions

/** The account signing in with this email and its password hash, or null. Runs as service_role. */
export async function credentialsByEmail(q: Query, email: string): Promise<{ id: string; password_hash: string } | null> {
  const [row] = await q<{ id: string; password_hash: string }>(
    `select p.id, cr.password_hash from public.profiles p join private.credentials cr on cr.user_id = p.id
      where p.email = $1`,
    [email],
  );
  return row ?? null;
}

/** The account's password hash and name (change-password), or null. Runs as service_role. */
export async function credentialsOf(q: Query, userId: string): Promise<{ password_hash: string; name: string } | null> {
  const [row] = await q<{ password_hash: string; name: string }>(
    `select cr.password_hash, p.name from private.credentials cr join public.profiles p on p.id = cr.user_id where cr.user_id = $1`,
    [userId],
  );
  return row ?? null;
}

/** Signs one session out (logout). */
export async function endSessionByToken(q: Query, tokenHash: string): Promise<void> {
  await q(`delete from private.sessions where token_hash = $1`, [tokenHash]);
}

/** Signs every session of the account out (sign out everywhere). */
export async function endAllSessions(q: Query, userId: string): Promise<void> {
  await q(`delete from private.sessions where user_id = $1`, [userId]);
}

/**
 * A new password from change-password: every other session ends, open reset links die, and the owner is told.
 */
export async function changePassword(
  q: Query, user: { id: string; email: string; name: string; sessionTokenHash: string }, passwordHash: string, siteUrl: string,
): Promise<void> {
  await q(`update private.credentials set password_hash = $2, updated_at = now() where user_id = $1`, [user.id, passwordHash]);
  await q(`delete from private.sessions where user_id = $1 and token_hash <> $2`, [user.id, user.sessionTokenHash]);
  await q(`update private.account_tokens set used_at = now() where user_id = $1 and purpose = 'password_reset' and used_at is null`, [user.id]);
  await enqueueMail(q, user.email, passwordChangedMail({ name: user.name, siteUrl }));
}

// ---------------------------------------------------------------- account mail and tokens

export const RESET_TOKEN_TTL_MINUTES = 60;

/** forgot-password: a reset link mailed to the account of this address; nothing (and no hint) for an unknown one. */
export async function mailPasswordReset(q: Query, email: string, siteUrl: string): Promise<void> {
  const [account] = await q<{ id: string; name: string }>(`select id, name from public.profiles where email = $1`, [email]);
  if (!account) return;
  const token = await issueAccountToken(q, account.id, email, 'password_reset', RESET_TOKEN_TTL_MINUTES);
  await enqueueMail(q, email, passwordResetMail({ name: account.name, siteUrl, token }));
}

/** The account of a live (unused, unexpired) reset token, looked up by its hash before any hashing; or null. */
export async function liveResetTokenAccount(q: Query, tokenHash: string): Promise<string | null> {
  const [live] = await q<{ user_id: string }>(
    `select user_id from private.account_tokens
      where token_hash = $1 and purpose = 'password_reset' and used_at is null and expires_at > now()`,
    [tokenHash]);
  return live?.user_id ?? null;
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

/** A link that reached the inbox proves the address (decision 091). */
export async function markVerified(q: Query, userId: string, email: string) {
  await q(
    `update public.profiles set email_verified_at = coalesce(email_verified_at, now()) where id = $1 and email = $2`,
    [userId, email],
  );
}

/**
 * The new password of a used reset token: every session ends (a thief's too), other reset links die with the old
 * password, the account's sign-in failures are forgotten, the address counts as verified and the owner is told.
 */
export async function resetPassword(q: Query, account: { user_id: string; email: string }, passwordHash: string, siteUrl: string) {
  await q(`update private.credentials set password_hash = $2, updated_at = now() where user_id = $1`, [account.user_id, passwordHash]);
  await q(`delete from private.sessions where user_id = $1`, [account.user_id]);
  await q(`update private.account_tokens set used_at = now() where user_id = $1 and purpose = 'password_reset' and used_at is null`, [account.user_id]);
  await clearSignInFailures(q, account.email);
  await markVerified(q, account.user_id, account.email);
  const [profile] = await q<{ name: string }>(`select name from public.profiles where id = $1`, [account.user_id]);
  await enqueueMail(q, account.email, passwordChangedMail({ name: profile.name, siteUrl }));
}

/** The signed-in account's name and whether its address is verified (resend-verification). */
export async function verificationState(q: Query, userId: string): Promise<{ name: string; verified: boolean }> {
  const [profile] = await q<{ name: string; verified: boolean }>(
    `select name, email_verified_at is not null as verified from public.profiles where id = $1`, [userId]);
  return profile;
}

// ---------------------------------------------------------------- the profile

const selectProfile = `select name, email, profile_picture as "profilePicture", email_verified_at is not null as "emailVerified"
  from public.profiles where id = (select auth.uid())`;

/** The caller's profile (runs as the caller), or null. */
export async function ownProfile(q: Query): Promise<Profile | null> {
  const [profile] = await q<Profile>(selectProfile);
  return profile ?? null;
}

/** Renames the caller; answers the profile. */
export async function renameProfile(q: Query, name: string): Promise<Profile | null> {
  await q(`update public.profiles set name = $1 where id = (select auth.uid())`, [name]);
  return ownProfile(q);
}
