// The one limiter of the API (decision 168): hits counted per bucket in fixed windows, in PostgreSQL
// (private.limiter_hits), so every instance of the API and every pooled connection sees the same counts. No session
// state and no advisory locks: each take is one transaction of one upsert per bucket.
//
// Two ways to use it:
// - count an attempt and refuse past the limit: `takeHit(q, buckets)`, then 429 when `!taken`;
// - count only wrong answers, exactly, under concurrency (the counter's guesses): take a hit BEFORE checking (so
//   50 parallel guesses cannot all pass a "fewer than 20 so far?" check), and give it back when the answer was
//   right (`giveBack`). `counterGuess` below does that for the counter.
import { MEMBER_NOT_RECOGNISED_MESSAGE } from '../../_shared/contract/counter.ts';
import { type AppContext, userTx } from '../context.ts';
import type { Query } from '../db/database.ts';
import { badRequest, HttpError, TooManyRequests } from '../lib/http-error.ts';

export interface Bucket {
  /** What is counted, e.g. "reset-password:ip:203.0.113.7" (at most 200 characters). */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

export type Take =
  | { taken: true; buckets: readonly Bucket[]; windowStarts: readonly Date[]; hits: readonly number[] }
  | { taken: false; retryAfterSeconds: number };

type TakeRow = { taken: boolean; retry_after_seconds: number; window_starts: Date[]; hits: number[] };

/**
 * Takes one hit from every bucket, or from none when one of them is full (then `retryAfterSeconds` says when the
 * full window ends). Runs as service_role: pass a serviceTx query. Concurrency-safe: each bucket is one upsert
 * that increments only while under the limit, so N parallel takes on a bucket of L give exactly min(N, L) hits.
 */
export async function takeHit(q: Query, buckets: readonly Bucket[]): Promise<Take> {
  const [row] = await q<TakeRow>(
    `select taken, retry_after_seconds, window_starts, hits from private.limiter_take($1::text[], $2::int[], $3::int[])`,
    [buckets.map((b) => b.key), buckets.map((b) => b.limit), buckets.map((b) => b.windowSeconds)],
  );
  return row.taken
    ? { taken: true, buckets, windowStarts: row.window_starts.map((d) => new Date(d)), hits: row.hits }
    : { taken: false, retryAfterSeconds: row.retry_after_seconds };
}

/** Gives back the hits of a take (the attempt turned out not to count). Runs as service_role. */
export async function giveBack(q: Query, take: Extract<Take, { taken: true }>): Promise<void> {
  await q(`select private.limiter_give_back($1::text[], $2::timestamptz[])`,
    [take.buckets.map((b) => b.key), take.windowStarts.map((d) => d.toISOString())]);
}

// ---------------------------------------------------------------- guesses at the counter

/** The counter device a request comes from: the web counter's id, kept in its localStorage (decision 168). */
export const COUNTER_DEVICE_HEADER = 'X-Counter-Device';
/** The one bucket of a business's requests that name no device. */
const NO_DEVICE = '-';
const DEVICE_KEY = /^[A-Za-z0-9_-]{8,64}$/;

export const COUNTER_DEVICE_INVALID = `${COUNTER_DEVICE_HEADER} must be 8 to 64 letters, digits, - or _`;

/**
 * The device key of a counter request: the X-Counter-Device header (a short opaque token), or one shared key per
 * business when it is missing. A paired tablet's own token can take its place later: the SQL takes any key.
 */
export function counterDeviceKey(c: AppContext): string {
  const header = c.req.header(COUNTER_DEVICE_HEADER);
  if (header === undefined || header === '') return NO_DEVICE;
  if (!DEVICE_KEY.test(header)) throw badRequest(COUNTER_DEVICE_INVALID);
  return header;
}

export const tooManyGuessesMessage = (retryAfterSeconds: number) =>
  `Too many wrong codes or member numbers at this counter. Checking works again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} min.`;

/** A refusal that means the guess was wrong (a code, pass or member number): it keeps its hit on the limiter. */
export class WrongGuess extends HttpError {}

/** Wrong guesses: WrongGuess from the route, and the SQL's one refusal for a member number (PL404). */
export function isWrongGuess(error: unknown): boolean {
  if (error instanceof WrongGuess) return true;
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === 'PL404' && e.message === MEMBER_NOT_RECOGNISED_MESSAGE;
}

export interface CounterGuess {
  /** Gives the guess back inside the transaction that records the right answer (commits with it). */
  giveBackIn(q: Query): Promise<void>;
  /**
   * Runs the check. A WrongGuess or the member-number refusal keeps the hit; any other refusal (a right code
   * refused for another reason: already used, deal full) gives it back in a transaction of its own.
   */
  run<T>(check: () => Promise<T>): Promise<T>;
}

type GuessRow = { taken: boolean; retry_after_seconds: number; window_starts: Date[] };

/**
 * Takes one guess at the caller's counter before it is checked: per device and per business (config
 * counterGuesses). None left → 429 with Retry-After. Runs as the caller: the SQL finds the business
 * (private.counter_merchant(): 403 for anyone else) so a caller only touches its own business's buckets.
 */
export async function counterGuess(c: AppContext, device = counterDeviceKey(c)): Promise<CounterGuess> {
  const { perDevice, perBusiness, windowSeconds } = c.var.deps.config.counterGuesses;
  const [row] = await userTx(c, (q) => q<GuessRow>(
    `select taken, retry_after_seconds, window_starts from private.counter_guess_take($1, $2, $3, $4)`,
    [device, perDevice, perBusiness, windowSeconds]));
  if (!row.taken) throw new TooManyRequests(tooManyGuessesMessage(row.retry_after_seconds), row.retry_after_seconds);
  const starts = row.window_starts.map((d) => new Date(d).toISOString());
  const giveBackIn = async (q: Query) => {
    await q(`select private.counter_guess_give_back($1, $2::timestamptz[])`, [device, starts]);
  };
  return {
    giveBackIn,
    async run(check) {
      try {
        return await check();
      } catch (error) {
        if (!isWrongGuess(error)) await userTx(c, giveBackIn);
        throw error;
      }
    },
  };
}
