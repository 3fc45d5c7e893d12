import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { forbidden, notFound } from '../lib/http-error.ts';
import { drainOutbox } from '../ports/mail/outbox.ts';

/** Header the scheduled caller (Supabase Cron, decision 090) sends with MAIL_DRAIN_SECRET. */
export const DRAIN_SECRET_HEADER = 'x-drain-secret';

const encoder = new TextEncoder();
/** Compares digests, so the time taken says nothing about the secret. */
async function sameSecret(a: string, b: string) {
  const [x, y] = await Promise.all([a, b].map((s) => crypto.subtle.digest('SHA-256', encoder.encode(s))));
  const xa = new Uint8Array(x);
  const ya = new Uint8Array(y);
  let diff = 0;
  for (let i = 0; i < xa.length; i++) diff |= xa[i] ^ ya[i];
  return diff === 0;
}

export const internalRoutes = new Hono<AppEnv>();

/** Sends due outbox mail; called on a schedule where no process runs a loop (the Edge Function). */
internalRoutes.post('/drain-outbox', async (c) => {
  const { config, db, mail } = c.var.deps;
  if (!config.mailDrainSecret) throw notFound('Not found');
  const given = c.req.header(DRAIN_SECRET_HEADER) ?? '';
  if (!given || !(await sameSecret(given, config.mailDrainSecret))) throw forbidden('Forbidden');
  const result = await drainOutbox(db, mail, { from: config.emailFrom });
  return c.json(result);
});
