import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { adminCityRoutes } from './cities.ts';
import { adminMerchantDeleteRoutes } from './merchants.ts';
import { adminMetricsRoutes } from './metrics.ts';
import { adminAuditRoutes, adminPaymentRoutes } from './payments.ts';
import { adminUserRoutes } from './users.ts';

/** /api/admin/*: every handler calls requireAdmin (role ADMIN and ADMIN_EMAIL), and RLS repeats it. */
export const adminRoutes = new Hono<AppEnv>();
adminRoutes.route('/metrics', adminMetricsRoutes);
adminRoutes.route('/users', adminUserRoutes);
adminRoutes.route('/cities', adminCityRoutes);
adminRoutes.route('/merchants', adminMerchantDeleteRoutes);
adminRoutes.route('/payments', adminPaymentRoutes);
adminRoutes.route('/audit-log', adminAuditRoutes);
