import { Hono } from 'hono';
import type { AdminMetrics } from '../../../_shared/contract/admin.ts';
import { type AppEnv, readTx } from '../../context.ts';
import { requireAdmin } from '../../middleware/session.ts';

/** GET /api/admin/metrics: read from aggregates the database keeps current (see migration 20261122005100). */
export const adminMetricsRoutes = new Hono<AppEnv>();

adminMetricsRoutes.get('/', async (c) => {
  requireAdmin(c);
  const [row] = await readTx(c, (q) => q<Record<keyof AdminMetrics, string | number>>(
    `select total_users as "totalUsers", active_merchants as "activeMerchants",
            total_volume_cents as "totalVolume", points_outstanding as "pointsOutstanding"
       from private.admin_metrics()`));
  // bigint sums arrive as strings from postgres.js.
  const metrics: AdminMetrics = {
    totalUsers: Number(row.totalUsers),
    activeMerchants: Number(row.activeMerchants),
    totalVolume: Number(row.totalVolume),
    pointsOutstanding: Number(row.pointsOutstanding),
  };
  return c.json(metrics);
});
