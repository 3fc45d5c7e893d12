import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { requireUser } from '../http/session.ts';

export const realtimeRoutes = new Hono<AppEnv>();

/** How this browser receives its private topic (SSE locally, or a short-lived Supabase token). */
realtimeRoutes.get('/token', async (c) => {
  const user = requireUser(c);
  return c.json(await c.var.deps.realtime.connectionFor(user));
});
