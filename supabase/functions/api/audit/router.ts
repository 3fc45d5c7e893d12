import { Hono } from 'hono';
import { auditLogQuery, businessAuditLogQuery } from '../../_shared/contract/audit.ts';
import { type AppEnv, userTx } from '../http/context.ts';
import { parseQuery } from '../http/validate.ts';
import { requireAdmin, requireUser } from '../http/session.ts';
import { auditLogCsv, auditLogPage, businessAuditLogPage } from './audit-log.ts';

/** GET /api/admin/audit-log?q=&action=&from=&to=&cursor=: one page, newest first; `format=csv`: the file. */
export const adminAuditLogRoutes = new Hono<AppEnv>();

adminAuditLogRoutes.get('/', async (c) => {
  requireAdmin(c);
  const filter = parseQuery(c, auditLogQuery);
  if (filter.format !== 'csv') return c.json(await userTx(c, (q) => auditLogPage(q, filter)));
  const { filename, csv } = await userTx(c, (q) => auditLogCsv(q, filter));
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${filename}"`);
  return c.body(csv);
});

/** GET /api/merchant/audit-log?cursor=: what Pay Local and the owner did to the business's staff, tablets and standing. */
export const businessAuditLogRoutes = new Hono<AppEnv>();

businessAuditLogRoutes.get('/', async (c) => {
  requireUser(c, 'MERCHANT');
  const { cursor } = parseQuery(c, businessAuditLogQuery);
  return c.json(await userTx(c, (q) => businessAuditLogPage(q, cursor)));
});
