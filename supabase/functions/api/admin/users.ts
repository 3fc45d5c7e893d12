// The admin's users table and account deletion (decision 177: the SQL of admin/users-router.ts). Runs as the admin.
import type { AdminUser } from '../../_shared/contract/admin.ts';
import type { Query } from '../db/database.ts';
import { DomainError, notFound } from '../domain-error.ts';

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** A page of users matching `search` (name or email, any case), newest first, and how many match in all. */
export async function listUsers(
  q: Query, page: { search: string; limit: number; offset: number },
): Promise<{ users: AdminUser[]; total: number }> {
  const pattern = `%${likeEscape(page.search.toLowerCase())}%`;
  const filter = `($1 = '' or lower(p.name) like $2 or p.email like $2)`;
  const rows = await q<Omit<AdminUser, 'createdAt'> & { createdAt: Date | string }>(
    // 'suspended': a running membership whose access a payment dispute holds back (decision 172).
    `select p.id, p.name, p.email, p.role,
            case when exists (select 1 from public.subscriptions s
                               where s.user_id = p.id and s.status = 'active' and s.suspended_at is not null)
                 then 'suspended' else private.subscription_status_of(p.id) end as "subscriptionStatus",
            p.created_at as "createdAt"
       from public.profiles p
      where ${filter}
      order by p.created_at desc, p.id desc
      limit $3 offset $4`,
    [page.search, pattern, page.limit, page.offset]);
  const [{ count }] = await q<{ count: number }>(`select count(*)::int as count from public.profiles p where ${filter}`, [page.search, pattern]);
  return { users: rows.map((u) => ({ ...u, createdAt: new Date(u.createdAt).toISOString() })), total: count };
}

export interface RunningSubscription { provider: string; provider_subscription_id: string }

/**
 * Before deleting an account: it must exist and not be an admin's; answers its subscriptions that would still
 * charge (to stop at the provider first).
 */
export async function subscriptionsToStopBeforeDeleting(q: Query, userId: string): Promise<RunningSubscription[]> {
  const [user] = await q<{ role: string }>(`select role from public.profiles where id = $1`, [userId]);
  if (!user) throw notFound('User not found');
  if (user.role === 'ADMIN') throw new DomainError('forbidden', 'Admin accounts cannot be deleted');
  return q<RunningSubscription>(
    `select provider, provider_subscription_id from public.subscriptions
      where user_id = $1 and status in ('active', 'paused', 'past_due') and not cancel_at_period_end`, [userId]);
}

/**
 * Deletes a non-admin account. Foreign keys do the rest in this one statement: sessions and credentials go (the
 * user is signed out at once), and so does everything they own; accounting rows stay anonymised.
 */
export async function deleteUser(q: Query, userId: string): Promise<void> {
  await q(`delete from public.profiles where id = $1 and role <> 'ADMIN'`, [userId]);
}
