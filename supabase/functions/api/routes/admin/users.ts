import { Hono } from 'hono';
import { type AdminUser, adminUsersQuery } from '../../../_shared/contract/admin.ts';
import { type AppEnv, userTx } from '../../context.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { parse, parseQuery } from '../../lib/validate.ts';
import { uuid } from '../../../_shared/contract/common.ts';
import { requireAdmin } from '../../middleware/session.ts';
import { providerCall } from '../../domain/provider-call.ts';

/** /api/admin/users: the users table and deleting a non-admin account with everything it owns. */
export const adminUserRoutes = new Hono<AppEnv>();

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

adminUserRoutes.get('/', async (c) => {
  requireAdmin(c);
  const { search, limit, offset } = parseQuery(c, adminUsersQuery);
  const pattern = `%${likeEscape(search.toLowerCase())}%`;
  const filter = `($1 = '' or lower(p.name) like $2 or p.email like $2)`;
  const { users, total } = await userTx(c, async (q) => {
    const rows = await q<Omit<AdminUser, 'createdAt'> & { createdAt: Date | string }>(
      `select p.id, p.name, p.email, p.role, private.subscription_status_of(p.id) as "subscriptionStatus",
              p.created_at as "createdAt"
         from public.profiles p
        where ${filter}
        order by p.created_at desc, p.id desc
        limit $3 offset $4`,
      [search, pattern, limit, offset]);
    const [{ count }] = await q<{ count: number }>(`select count(*)::int as count from public.profiles p where ${filter}`, [search, pattern]);
    return { users: rows, total: count };
  });
  return c.json({ users: users.map((u) => ({ ...u, createdAt: new Date(u.createdAt).toISOString() })), total });
});

adminUserRoutes.delete('/:id', async (c) => {
  requireAdmin(c);
  const id = parse(uuid, c.req.param('id'));
  const running = await userTx(c, async (q) => {
    const [user] = await q<{ role: string }>(`select role from public.profiles where id = $1`, [id]);
    if (!user) throw notFound('User not found');
    if (user.role === 'ADMIN') throw forbidden('Admin accounts cannot be deleted');
    return q<{ provider: string; provider_subscription_id: string }>(
      `select provider, provider_subscription_id from public.subscriptions
        where user_id = $1 and status in ('active', 'paused', 'past_due') and not cancel_at_period_end`, [id]);
  });
  // First stop future charges at the provider (no refund: decision 045); if it fails, nothing is deleted.
  const { payments } = c.var.deps;
  for (const sub of running.filter((s) => s.provider === payments.kind)) {
    await providerCall(() => payments.cancelAtPeriodEnd(sub.provider_subscription_id));
  }
  await userTx(c, async (q) => {
    // Foreign keys do the rest in this one statement: sessions and credentials go (the user is
    // signed out at once), and so do everything they own; accounting rows stay anonymised.
    await q(`delete from public.profiles where id = $1 and role <> 'ADMIN'`, [id]);
  });
  return c.json({ success: true, message: 'User deleted' });
});
