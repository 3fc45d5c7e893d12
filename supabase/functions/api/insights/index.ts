// The insights feature's public surface: all that the app, other features, http/ and jobs/ may import from insights/.
export { adminMetrics } from './insights.ts';
export { adminInsightsRoutes, merchantInsightsRoutes } from './router.ts';
export { mailMonthlyReports, startMonthlyReportLoop } from './monthly-report.ts';
