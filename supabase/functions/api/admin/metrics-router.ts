import { Hono } from 'hono';
import { type AppEnv, readTx } from '../http/context.ts';
import { adminMetrics } from '../insights/index.ts';
import { requireAdmin } from '../http/session.ts';

/** GET /api/admin/metrics: read from aggregates the database keeps current (see private.admin_metrics in supabase/schemas/insights.sql). */
export const adminMetricsRoutes = new Hono<AppEnv>();

adminMetricsRoutes.get('/', async (c) => {
  requireAdmin(c);
  return c.json(await readTx(c, adminMetrics));
});
