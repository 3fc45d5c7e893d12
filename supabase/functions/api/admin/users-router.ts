import { Hono } from 'hono';
import { adminUsersQuery } from '../../_shared/contract/admin.ts';
import { type AppEnv, userTx } from '../http/context.ts';
import { parse, parseQuery } from '../http/validate.ts';
import { uuid } from '../../_shared/contract/common.ts';
import { requireAdmin } from '../http/session.ts';
import { deleteUser, listUsers, subscriptionsToStopBeforeDeleting } from './users.ts';
import { providerCall } from '../subscriptions/index.ts';

/** /api/admin/users: the users table and deleting a non-admin account with everything it owns. */
export const adminUserRoutes = new Hono<AppEnv>();

adminUserRoutes.get('/', async (c) => {
  requireAdmin(c);
  const page = parseQuery(c, adminUsersQuery);
  return c.json(await userTx(c, (q) => listUsers(q, page)));
});

adminUserRoutes.delete('/:id', async (c) => {
  requireAdmin(c);
  const id = parse(uuid, c.req.param('id'));
  const running = await userTx(c, (q) => subscriptionsToStopBeforeDeleting(q, id));
  // First stop future charges at the provider (no refund: decision 045); if it fails, nothing is deleted.
  const { payments } = c.var.deps;
  for (const sub of running.filter((s) => s.provider === payments.kind)) {
    await providerCall(() => payments.cancelAtPeriodEnd(sub.provider_subscription_id));
  }
  await userTx(c, (q) => deleteUser(q, id));
  return c.json({ success: true, message: 'User deleted' });
});
