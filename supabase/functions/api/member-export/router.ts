import { Hono } from 'hono';
import { type AppEnv, servicesOf } from '../http/context.ts';
import { requireUser } from '../http/session.ts';
import { memberExport } from './member-export.ts';

/** /api/member/export: a member downloads their own data (decision 197). */
export const memberExportRoutes = new Hono<AppEnv>();

memberExportRoutes.get('/', async (c) => {
  requireUser(c, 'USER');
  const { filename, data } = await memberExport(servicesOf(c));
  // A download, not a page: the browser saves it under this name.
  c.header('Content-Disposition', `attachment; filename="${filename}"`);
  return c.json(data);
});
