// How the request figures summed in memory (http/request-guards.ts, RequestFigures) reach the database, and how
// they are read back (decision 195): one statement at most once a minute per process.
import { serviceClaims, type Database, type Query } from '../db/database.ts';
import { REQUEST_MS_BOUNDS, type FiguresWriter } from '../ports/log.ts';

/** How often a process writes its figures: at most once a minute (the console's figures lag by as much). */
export const FLUSH_EVERY_MS = 60_000;

/** Writes one process's sums and prunes what the console no longer keeps (private.record_system_stats). */
export const figuresWriter = (db: Database): FiguresWriter => figuresWriterAs((work) => db.transaction(serviceClaims, work));

/**
 * The same, in a transaction `asService` opens: a request's own (Services.tx.asService) first ends the request's
 * transaction, which on PGlite's one connection would otherwise wait for it.
 */
export const figuresWriterAs = (asService: <T>(work: (q: Query) => Promise<T>) => Promise<T>): FiguresWriter => async (figures, now) => {
  await asService((q) => q(
    `select private.record_system_stats($1::text::jsonb, $2::text::jsonb, $3::text::jsonb, $4::timestamptz)`,
    [JSON.stringify(figures.routes), JSON.stringify(figures.minutes), JSON.stringify(figures.webhooks), new Date(now).toISOString()],
  ));
};

/**
 * The 95th percentile as the upper bound of the bucket it falls in; null when it is in the last (slower than the
 * largest bound) bucket, or there are no requests.
 */
export function p95Of(histogram: readonly number[]): number | null {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (!total) return null;
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i];
    if (seen >= total * 0.95) return REQUEST_MS_BOUNDS[i] ?? null;
  }
  return null;
}
