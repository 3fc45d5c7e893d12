export { clientIp } from '../../lib/client-ip.ts';
import type { AppContext } from '../../context.ts';
import type { Query } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';

const tooMany = () =>
  new HttpError(429, 'Too many attempts. Please wait a few minutes and try again.');

export async function assertLoginAllowed(c: AppContext, query: Query, email: string, ip: string) {
  const { windowMinutes, loginFailuresPerEmail, loginFailuresPerIp } = c.var.deps.config.rateLimit;
  const [counts] = await query<{ by_email: number; by_ip: number }>(
    `select count(*) filter (where email = $1)::int as by_email,
            count(*) filter (where ip = $2)::int as by_ip
       from private.auth_attempts
      where kind = 'login_failure' and (email = $1 or ip = $2)
        and created_at > now() - make_interval(mins => $3::int)`,
    [email, ip, windowMinutes],
  );
  if (counts.by_email >= loginFailuresPerEmail || counts.by_ip >= loginFailuresPerIp) throw tooMany();
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
