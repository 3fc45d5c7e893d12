import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { adminMetricsRoutes } from './metrics-router.ts';
import { adminDisputeRoutes, adminPaymentRoutes } from './payments-router.ts';
import { adminUserRoutes } from './users-router.ts';

/**
 * /api/admin/*: every handler calls requireAdmin (role ADMIN and ADMIN_EMAIL), and RLS repeats it. The admin's
 * merchants are merchants-router.ts (/admin/merchants); cities, charities, insights and the audit log are mounted by their features.
 */
export const adminRoutes = new Hono<AppEnv>();
adminRoutes.route('/metrics', adminMetricsRoutes);
adminRoutes.route('/users', adminUserRoutes);
adminRoutes.route('/payments', adminPaymentRoutes);
adminRoutes.route('/disputes', adminDisputeRoutes);
