import type { AppContext } from '../context.ts';
import { serviceClaims, type Query } from '../db/database.ts';
import { clientIp } from '../lib/client-ip.ts';
import { HttpError } from '../lib/http-error.ts';

export { clientIp };

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';
const tooMany = () => new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface FailureCounts {
  /** Failures for this account from this address. */
  pair: number;
  /** Failures from this address, any account. */
  address: number;
  /** Failures for this account from every address. */
  account: number;
}

const countFailures = async (c: AppContext, query: Query, email: string, ip: string) => {
  const [counts] = await query<FailureCounts>(
    `select count(*) filter (where email = $1 and ip = $2)::int as pair,
            count(*) filter (where ip = $2)::int as address,
            count(*) filter (where email = $1)::int as account
       from private.auth_attempts
      where kind = 'login_failure' and (email = $1 or ip = $2)
        and created_at > now() - make_interval(mins => $3::int)`,
    [email, ip, c.var.deps.config.rateLimit.windowMinutes],
  );
  return counts;
};

/**
 * Every check of an account password (sign-in, completion replays) goes through here (decision 085):
 * - refused (429) only for the address that has been failing: N failures for this account from this
 *   address, or M failures from this address over all accounts;
 * - an account failing from many addresses is slowed down (a fixed delay before the check), never
 *   refused, so a stranger cannot lock its owner (the admin included) out;
 * - a success clears only this address's failures for this account.
 */
export async function checkPasswordLimited(
  c: AppContext, email: string, check: () => Promise<boolean>,
): Promise<boolean> {
  const { loginFailuresPerAccountAddress, loginFailuresPerIp, accountSlowdownAfter, accountSlowdownMs } =
    c.var.deps.config.rateLimit;
  const ip = clientIp(c);
  const counts = await c.var.deps.db.transaction(serviceClaims, (q) => countFailures(c, q, email, ip));
  if (counts.pair >= loginFailuresPerAccountAddress || counts.address >= loginFailuresPerIp) throw tooMany();
  if (counts.account >= accountSlowdownAfter) await sleep(accountSlowdownMs);
  const ok = await check();
  await c.var.deps.db.transaction(serviceClaims, (q) =>
    ok
      ? q(`delete from private.auth_attempts where kind = 'login_failure' and email = $1 and ip = $2`, [email, ip])
      : recordAttempt(q, 'login_failure', email, ip));
  return ok;
}

export async function assertRegistrationAllowed(c: AppContext, query: Query, ip: string) {
  const { windowMinutes, registrationsPerIp } = c.var.deps.config.rateLimit;
  const [row] = await query<{ n: number }>(
    `select count(*)::int as n from private.auth_attempts
      where kind = 'register' and ip = $1 and created_at > now() - make_interval(mins => $2::int)`,
    [ip, windowMinutes],
  );
  if (row.n >= registrationsPerIp) throw tooMany();
}

export const recordAttempt = (query: Query, kind: 'login_failure' | 'register', email: string, ip: string) =>
  query(`insert into private.auth_attempts (kind, email, ip) values ($1, $2, $3)`, [kind, email, ip]);
