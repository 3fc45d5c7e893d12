// The one limiter of the API (decision 168): places counted per bucket in fixed windows, in PostgreSQL
// (private.limiter_hits), so every instance of the API and every pooled connection sees the same counts. No session
// state and no advisory locks: each take is one transaction of one upsert per bucket.
//
// Two ways to use it:
// - count every attempt and refuse past the limit: `takeHit(q, buckets)`, then 429 when `!taken`
//   (`giveBack` returns the hit, e.g. for an attempt that turned out fine);
// - count only wrong answers, exactly, under concurrency (the counter's guesses): take a *pending* place BEFORE
//   checking (so 50 parallel guesses cannot all pass a "fewer than 20 so far?" check), then settle it as counted
//   (wrong) or not (right). A take that finds the bucket full only of pending places is `busy`: those may yet not
//   count, so it waits a moment and tries again. `counterGuess` below does that for the counter.
import { MEMBER_NOT_RECOGNISED_MESSAGE } from '../../_shared/contract/counter.ts';
import type { Services } from '../services.ts';
import type { Query } from '../db/database.ts';
import { sha256Hex } from '../../_shared/tokens.ts';
import { DomainError, tooMany } from '../domain-error.ts';

/** What these operations use of the request's services (services.ts). */
type Used = Pick<Services, 'tx' | 'config' | 'ip'>;

/**
 * The limiter's own transactions are bookkeeping, not the request's work: a keyed request (Idempotency-Key) whose
 * process died after a take but before its work must still do the work when replayed (decision 175).
 */
const BOOKKEEPING = `set_config('paylocal.idempotency_bookkeeping', 'on', true) is not null as bookkeeping`;

export interface Bucket {
  /** What is counted, e.g. "reset-password:ip:203.0.113.7" (at most 200 characters). */
  key: string;
  /** Places allowed per window. */
  limit: number;
  windowSeconds: number;
}

export type Take =
  | { taken: true; buckets: readonly Bucket[]; windowStarts: readonly Date[]; hits: readonly number[] }
  | { taken: false; busy: boolean; retryAfterSeconds: number };

type TakeRow = { taken: boolean; busy: boolean; retry_after_seconds: number; window_starts: Date[]; hits: number[] };

/**
 * Takes one hit from every bucket, or from none when one of them is full (then `retryAfterSeconds` says when the
 * full window ends). Runs as service_role: pass a serviceTx query. Concurrency-safe: each bucket is one upsert
 * that increments only while under the limit, so N parallel takes on a bucket of L give exactly min(N, L) hits.
 */
export async function takeHit(q: Query, buckets: readonly Bucket[], options: { inTheWork?: boolean } = {}): Promise<Take> {
  // inTheWork: the take runs in the transaction that does the request's work (not bookkeeping of its own).
  const [row] = await q<TakeRow>(
    `select taken, busy, retry_after_seconds, window_starts, hits${options.inTheWork ? '' : `, ${BOOKKEEPING}`}
       from private.limiter_take($1::text[], $2::int[], $3::int[])`,
    [buckets.map((b) => b.key), buckets.map((b) => b.limit), buckets.map((b) => b.windowSeconds)],
  );
  return row.taken
    ? { taken: true, buckets, windowStarts: row.window_starts.map((d) => new Date(d)), hits: row.hits }
    : { taken: false, busy: row.busy, retryAfterSeconds: row.retry_after_seconds };
}

/** Gives back the hits of a take (the attempt turned out not to count). Runs as service_role. */
export async function giveBack(q: Query, take: Extract<Take, { taken: true }>): Promise<void> {
  await q(`select private.limiter_give_back($1::text[], $2::timestamptz[]), ${BOOKKEEPING}`,
    [take.buckets.map((b) => b.key), take.windowStarts.map((d) => d.toISOString())]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Repeats a pending take while it is only `busy` (places held by attempts still being checked), for at most
 * `budgetMs`, with a short random pause between tries; a bucket full of counted hits answers at once.
 */
export async function takeWhenFree<R extends { taken: boolean; busy: boolean }>(
  take: () => Promise<R>, budgetMs = 5000,
): Promise<R> {
  const until = Date.now() + budgetMs;
  for (;;) {
    const result = await take();
    if (result.taken || !result.busy || Date.now() >= until) return result;
    await sleep(10 + Math.random() * 30);
  }
}

// ---------------------------------------------------------------- account endpoints (issue 28)

export const TOO_MANY_ACCOUNT_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Counts one attempt at an account endpoint (register, reset-password, verify-email: decision 175) per client
 * address and, when known, per account (an email address or an account id, kept only as a hash in the bucket name),
 * in a transaction of its own, before any costly work. Past either limit: 429 with Retry-After.
 */
export async function countAccountAttempt(s: Used, action: string, who: { ip: string; account?: string }): Promise<void> {
  await s.tx.asService((q) => countAccountAttemptIn(s, q, action, who));
}

/** countAccountAttempt inside a service transaction of the caller's (one transaction less on the hot path). */
export async function countAccountAttemptIn(s: Used, q: Query, action: string, who: { ip: string; account?: string }): Promise<void> {
  const { perIp, perAccount, windowSeconds } = s.config.accountAttempts;
  const buckets: Bucket[] = [{ key: `${action}:ip:${who.ip}`.slice(0, 200), limit: perIp, windowSeconds }];
  if (who.account !== undefined) {
    buckets.push({ key: `${action}:account:${(await sha256Hex(who.account.toLowerCase())).slice(0, 40)}`, limit: perAccount, windowSeconds });
  }
  const take = await takeHit(q, buckets);
  if (!take.taken) throw tooMany(TOO_MANY_ACCOUNT_ATTEMPTS_MESSAGE, take.retryAfterSeconds);
}

// ---------------------------------------------------------------- account passwords (decision 085 on the limiter)

/** What sign-in and its siblings answer past a limit (decision 085's wording). */
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';
/** The account bucket only ever slows down, never refuses (decision 085): its "limit" is never reached. */
const NEVER_FULL = 2_147_483_647;

const emailKey = async (email: string) => (await sha256Hex(email.toLowerCase())).slice(0, 40);
/** Failures for one account from one address: `login:account-ip:<account>:<address>`. */
const pairPrefix = (account: string) => `login:account-ip:${account}:`;

type PendingRow = { taken: boolean; busy: boolean; retry_after_seconds: number; window_starts: Date[]; hits: number[] };

/**
 * Every check of an account password (sign-in, change-password, completion replays, a staff PIN change) goes
 * through here (decision 085, on the one limiter since decision 177). Counted are failures only, exactly under
 * concurrency: a *pending* place is taken in three buckets before the check and settled as counted (wrong) or not:
 * - per (account, address), `loginFailuresPerAccountAddress`, and per address over all accounts,
 *   `loginFailuresPerIp`: full → 429 with Retry-After for that address only;
 * - per account from every address, never full: past `accountSlowdownAfter` failures each check first waits
 *   `accountSlowdownMs`, right password or not, so a stranger can slow an account but never lock its owner out;
 * - a right password clears only this (account, address)'s failures.
 */
export async function checkPasswordLimited(s: Used, email: string, check: () => Promise<boolean>): Promise<boolean> {
  const { windowMinutes, loginFailuresPerAccountAddress, loginFailuresPerIp, accountSlowdownAfter, accountSlowdownMs } =
    s.config.rateLimit;
  const ip = s.ip;
  const account = await emailKey(email);
  const windowSeconds = windowMinutes * 60;
  const buckets = [`${pairPrefix(account)}${ip}`.slice(0, 200), `login:ip:${ip}`.slice(0, 200), `login:account:${account}`];
  const row = await takeWhenFree(async () => (await s.tx.asService((q) => q<PendingRow>(
    `select taken, busy, retry_after_seconds, window_starts, hits, ${BOOKKEEPING}
       from private.limiter_take($1::text[], $2::int[], $3::int[], true)`,
    [buckets, [loginFailuresPerAccountAddress, loginFailuresPerIp, NEVER_FULL], [windowSeconds, windowSeconds, windowSeconds]])))[0]);
  if (!row.taken) throw tooMany(TOO_MANY_ATTEMPTS_MESSAGE, row.retry_after_seconds);
  const starts = row.window_starts.map((d) => new Date(d).toISOString());
  const settle = (counted: boolean) => s.tx.asService(async (q) => {
    await q(`select private.limiter_settle($1::text[], $2::timestamptz[], $3), ${BOOKKEEPING}`, [buckets, starts, counted]);
    if (!counted) await q(`select private.limiter_clear($1::text[]), ${BOOKKEEPING}`, [[buckets[0]]]);
  });
  let ok: boolean;
  try {
    if (row.hits[2] >= accountSlowdownAfter) await sleep(accountSlowdownMs);
    ok = await check();
  } catch (error) {
    // Not an answer (e.g. the password workers are busy): the place is freed, nothing counted or cleared.
    await s.tx.asService((q) => q(`select private.limiter_settle($1::text[], $2::timestamptz[], false), ${BOOKKEEPING}`, [buckets, starts]));
    throw error;
  }
  await settle(!ok);
  return ok;
}

/** A password reset proves the account: its sign-in failures from every address are forgotten. */
export async function clearSignInFailures(q: Query, email: string): Promise<void> {
  const account = await emailKey(email);
  await q(`select private.limiter_clear($1::text[], $2::text[])`, [[`login:account:${account}`], [pairPrefix(account)]]);
}

const registrationBucket = (s: Used, ip: string): Bucket => ({
  key: `registered:ip:${ip}`.slice(0, 200),
  limit: s.config.rateLimit.registrationsPerIp,
  windowSeconds: s.config.rateLimit.windowMinutes * 60,
});

/** Before the hash: 429 when this address has made its registrations for the window (RATE_LIMIT_REGISTRATIONS_PER_IP). */
export async function assertRegistrationAllowed(s: Used, q: Query, ip: string): Promise<void> {
  const bucket = registrationBucket(s, ip);
  const [row] = await q<{ hits: number; retry_after_seconds: number }>(
    `select hits, greatest(ceil(extract(epoch from (expires_at - now())))::int, 1) as retry_after_seconds
       from private.limiter_hits where bucket = $1 and expires_at > now() order by window_start desc limit 1`,
    [bucket.key]);
  if (row && row.hits >= bucket.limit) throw tooMany(TOO_MANY_ATTEMPTS_MESSAGE, row.retry_after_seconds);
}

/**
 * Counts an account created from this address, in the transaction that creates it (it counts only if that
 * commits); past the limit, 429 and nothing is created.
 */
export async function countRegistration(s: Used, q: Query, ip: string): Promise<void> {
  const take = await takeHit(q, [registrationBucket(s, ip)], { inTheWork: true });
  if (!take.taken) throw tooMany(TOO_MANY_ATTEMPTS_MESSAGE, take.retryAfterSeconds);
}

// ---------------------------------------------------------------- guesses at the counter

/** The counter device a request comes from: the web counter's id, kept in its localStorage (decision 168). */
export const COUNTER_DEVICE_HEADER = 'X-Counter-Device';
/** The one bucket of a business's requests that name no device. */
const NO_DEVICE = '-';
const DEVICE_KEY = /^[A-Za-z0-9_-]{8,64}$/;

export const COUNTER_DEVICE_INVALID = `${COUNTER_DEVICE_HEADER} must be 8 to 64 letters, digits, - or _`;

/**
 * The device key of a counter request (http/session.ts reads it from the request): a paired tablet's own
 * device (a key made from its device token's sha-256, decision 166, so the bucket name reveals nothing usable), else
 * the X-Counter-Device header (a short opaque token), else one shared key per business. Whatever a client sends, the
 * business's own bucket caps it.
 */
export async function counterDeviceKey(pairedToken: string | undefined, header: string | undefined): Promise<string> {
  if (pairedToken) return `paired-${(await sha256Hex(pairedToken)).slice(0, 40)}`;
  if (header === undefined || header === '') return NO_DEVICE;
  if (!DEVICE_KEY.test(header)) throw new DomainError('invalid', COUNTER_DEVICE_INVALID);
  return header;
}

export const tooManyGuessesMessage = (retryAfterSeconds: number) =>
  `Too many wrong codes or member numbers at this counter. Checking works again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} min.`;

/** A refusal that means the guess was wrong (a code, pass or member number): it keeps its hit on the limiter. */
export class WrongGuess extends DomainError {
  constructor(kind: 'unprocessable' | 'not-found', message: string) {
    super(kind, message);
  }
}

/** Wrong guesses: WrongGuess from the route, and the SQL's one refusal for a member number (PL404). */
export function isWrongGuess(error: unknown): boolean {
  if (error instanceof WrongGuess) return true;
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === 'PL404' && e.message === MEMBER_NOT_RECOGNISED_MESSAGE;
}

export interface CounterGuess {
  /** Settles the guess as right inside the transaction that records the right answer (commits with it). */
  settleRightIn(q: Query): Promise<void>;
  /** Settles it as wrong in a transaction that still records something (an unproven offline entry, decision 190). */
  settleWrongIn(q: Query): Promise<void>;
  /**
   * Runs the check. A refusal settles the guess in a transaction of its own: counted for a WrongGuess or the
   * member-number refusal, freed for any other (a right code refused for another reason: already used, deal full).
   */
  run<T>(check: () => Promise<T>): Promise<T>;
}

type GuessRow = { taken: boolean; busy: boolean; retry_after_seconds: number; window_starts: Date[] };

/**
 * Takes a pending place for one guess at the caller's counter before it is checked: per device and per business
 * (config counterGuesses). None left → 429 with Retry-After. Runs as the caller: the SQL finds the business
 * (private.counter_merchant(): 403 for anyone else) so a caller only touches its own business's buckets.
 */
export async function counterGuess(s: Used, device: string): Promise<CounterGuess> {
  const { perDevice, perBusiness, windowSeconds } = s.config.counterGuesses;
  const row = await takeWhenFree(async () => (await s.tx.asCaller((q) => q<GuessRow>(
    `select taken, busy, retry_after_seconds, window_starts, ${BOOKKEEPING} from private.counter_guess_take($1, $2, $3, $4)`,
    [device, perDevice, perBusiness, windowSeconds])))[0]);
  if (!row.taken) throw tooMany(tooManyGuessesMessage(row.retry_after_seconds), row.retry_after_seconds);
  const starts = row.window_starts.map((d) => new Date(d).toISOString());
  const settle = (wrong: boolean, bookkeeping: boolean) => async (q: Query) => {
    await q(`select private.counter_guess_settle($1, $2::timestamptz[], $3)${bookkeeping ? `, ${BOOKKEEPING}` : ''}`, [device, starts, wrong]);
  };
  return {
    settleRightIn: settle(false, false),
    settleWrongIn: settle(true, false),
    async run(check) {
      try {
        return await check();
      } catch (error) {
        await s.tx.asCaller(settle(isWrongGuess(error), true));
        throw error;
      }
    },
  };
}
