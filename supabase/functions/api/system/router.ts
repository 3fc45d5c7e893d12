import { Hono } from 'hono';
import { type AppEnv, servicesOf } from '../http/context.ts';
import { forbidden } from '../http/http-error.ts';
import { requireAdmin } from '../http/session.ts';
import { sameSecret } from '../../_shared/tokens.ts';
import { deepHealthCheck, systemStatus } from './system-status.ts';

/** GET /api/admin/system: the operator's console (decision 195); the designated admin only. */
export const adminSystemRoutes = new Hono<AppEnv>();

adminSystemRoutes.get('/', async (c) => {
  requireAdmin(c);
  return c.json(await systemStatus(servicesOf(c), c.var.deps.monitor));
});

/**
 * GET /api/health?deep=1 (the plain probe answers before any session work, in app.ts): the database and the queues,
 * for the admin's session or `Authorization: Bearer <HEALTH_CHECK_TOKEN>` (an uptime monitor). 200 when all is
 * well, 503 when the database fails or a queue is stuck.
 */
export const deepHealthRoutes = new Hono<AppEnv>();

deepHealthRoutes.get('/', async (c) => {
  const token = c.var.deps.config.healthCheckToken;
  const given = c.req.header('authorization')?.match(/^Bearer (.+)$/)?.[1];
  if (!(token && given && (await sameSecret(given, token)))) {
    if (!c.var.user) throw forbidden('A deep health check needs the admin or the health check token.');
    requireAdmin(c);
  }
  const health = await deepHealthCheck(servicesOf(c));
  return c.json(health, health.ok ? 200 : 503);
});
