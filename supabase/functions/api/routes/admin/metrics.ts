import { Hono } from 'hono';
import { type AppEnv, userTx } from '../../context.ts';
import { adminMetrics } from '../../domain/insights.ts';
import { requireAdmin } from '../../middleware/session.ts';

/** GET /api/admin/metrics: read from aggregates the database keeps current (see migration 20261122005100). */
export const adminMetricsRoutes = new Hono<AppEnv>();

adminMetricsRoutes.get('/', async (c) => {
  requireAdmin(c);
  return c.json(await userTx(c, adminMetrics));
});
