// Accounts as the API's routes share them: registration (auth) and subscription signup
// (subscriptions) both create accounts, and both mail the verification link (decision 091).
import { siteUrlOf, type AppContext } from '../context.ts';
import type { Query } from '../db/database.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
import { enqueueMail } from '../ports/mail/outbox.ts';
import { verifyEmailMail } from '../ports/mail/templates.ts';

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
  c: AppContext, q: Query, account: { userId: string; email: string; name: string },
): Promise<void> {
  const token = await issueAccountToken(q, account.userId, account.email, 'verify_email', VERIFY_TOKEN_TTL_MINUTES);
  await enqueueMail(q, account.email, verifyEmailMail({ name: account.name, siteUrl: siteUrlOf(c), token }));
}
