// The insight screens' figures (issue 17, decision 120): GET /api/merchant/insights for the signed-in
// business and GET /api/admin/insights for the platform. The sums are SQL functions run with the
// caller's rights (insights/insights.ts), so row-level security decides what counts.
import { Hono } from 'hono';
import { merchantInsightsQuery, monthlyReportQuery, platformMonthlyReportQuery } from '../../_shared/contract/insights.ts';
import { type AppEnv, readTx } from '../http/context.ts';
import { ownMerchantInsights, platformInsights } from './insights.ts';
import { ownMonthlyReport, platformMonthlyReport } from './monthly-report.ts';
import { parseQuery } from '../http/validate.ts';
import { requireAdmin, requireUser } from '../http/session.ts';

/** GET /api/merchant/insights?days=30|90: the approved business's own figures (403 for anyone else). */
export const merchantInsightsRoutes = new Hono<AppEnv>();

merchantInsightsRoutes.get('/', async (c) => {
  requireUser(c, 'MERCHANT');
  const { days } = parseQuery(c, merchantInsightsQuery);
  // 403 unless the owner of an approved business.
  return c.json(await readTx(c, (q) => ownMerchantInsights(q, days)));
});

/**
 * GET /api/merchant/insights/monthly?month=YYYY-MM[&location=<id>]: the approved business's monthly value report
 * (decision 211), its local month beside the one before; 403 for anyone else.
 */
merchantInsightsRoutes.get('/monthly', async (c) => {
  requireUser(c, 'MERCHANT');
  const { month, location } = parseQuery(c, monthlyReportQuery);
  return c.json(await readTx(c, (q) => ownMonthlyReport(q, month, location)));
});

/** GET /api/admin/insights: the platform per month (the designated admin only; the SQL checks it again). */
export const adminInsightsRoutes = new Hono<AppEnv>();

adminInsightsRoutes.get('/', async (c) => {
  requireAdmin(c);
  return c.json(await readTx(c, platformInsights));
});

/** GET /api/admin/insights/monthly?month=YYYY-MM: every business's monthly value report summed (decision 211). */
adminInsightsRoutes.get('/monthly', async (c) => {
  requireAdmin(c);
  const { month } = parseQuery(c, platformMonthlyReportQuery);
  return c.json(await readTx(c, (q) => platformMonthlyReport(q, month)));
});
