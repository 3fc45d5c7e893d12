import { Hono } from 'hono';
import type { FollowedBusiness } from '../../../_shared/contract/notifications.ts';
import { aheadRows, type AppEnv, userTx } from '../../context.ts';
import type { Query } from '../../db/database.ts';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import { iso } from '../../lib/iso.ts';
import { pathId } from '../../lib/params.ts';
import { type AheadStatement, requireUser } from '../../middleware/session.ts';

// Following a business (docs/spec.md sections 3, 4 and 7). Rows are the member's own (RLS); the insert
// policy also refuses pending businesses, one's own business and non-members, but the checks
// below come first so each case gets a clear answer.
/** /api/businesses/:id/follow and /follow-status (mounted at /businesses/:id). */
export const followRoutes = new Hono<AppEnv>();
/** GET /api/user/following (mounted at /user/following). */
export const followingListRoutes = new Hono<AppEnv>();

const BUSINESS_NOT_FOUND = 'Business not found';
const OWN_BUSINESS = 'You cannot follow your own business';
const MEMBERS_ONLY = 'Only members can follow businesses';

/** The business as the caller sees it: members see approved businesses only, so pending = unknown. */
async function findBusiness(q: Query, id: string) {
  const [row] = await q<{ active: boolean; own: boolean }>(
    `select m.active, m.owner_user_id = (select auth.uid()) as own from public.merchants m where m.id = $1`,
    [id],
  );
  return row ?? null;
}

const isFollowing = async (q: Query, merchantId: string) =>
  (await q(`select 1 from public.follows where user_id = (select auth.uid()) and merchant_id = $1`, [merchantId])).length > 0;

followRoutes.get('/follow-status', async (c) => {
  requireUser(c);
  const id = pathId(c);
  const following = await userTx(c, async (q) => {
    if (!(await findBusiness(q, id))) throw notFound(BUSINESS_NOT_FOUND);
    return isFollowing(q, id);
  });
  return c.json({ isFollowing: following });
});

followRoutes.post('/follow', async (c) => {
  const user = requireUser(c);
  const id = pathId(c);
  const created = await userTx(c, async (q) => {
    const business = await findBusiness(q, id);
    if (!business || (!business.active && !business.own)) throw notFound(BUSINESS_NOT_FOUND);
    if (business.own) throw badRequest(OWN_BUSINESS);
    if (user.role !== 'USER') throw forbidden(MEMBERS_ONLY);
    // Following twice is not an error: the pair is unique and the answer says "following".
    const inserted = await q(
      `insert into public.follows (user_id, merchant_id) values ((select auth.uid()), $1)
       on conflict (user_id, merchant_id) do nothing returning merchant_id`,
      [id],
    );
    return inserted.length > 0;
  });
  return c.json({ isFollowing: true }, created ? 201 : 200);
});

followRoutes.delete('/follow', async (c) => {
  requireUser(c);
  const id = pathId(c);
  await userTx(c, async (q) => {
    const removed = await q(
      `delete from public.follows where user_id = (select auth.uid()) and merchant_id = $1 returning merchant_id`,
      [id],
    );
    // Unfollowing what one does not follow is fine; an id that names no business is not.
    if (removed.length === 0 && !(await findBusiness(q, id))) throw notFound(BUSINESS_NOT_FOUND);
  });
  return c.json({ isFollowing: false });
});

const followingSql = `select m.id, m.name, m.logo_url as "logoUrl", m.category,
              coalesce(ci.name || ', ' || ci.state, m.city_name) as city, m.description,
              f.created_at as "followedAt"
         from public.follows f
         join public.merchants m on m.id = f.merchant_id
         left join public.cities ci on ci.id = m.city_id
        where f.user_id = (select auth.uid())
        order by f.created_at desc, m.name`;

/** GET /api/user/following's one statement leaves with the session lookup (decision 130). */
const followingStatement = () => ({ text: followingSql, params: [] });
export const followingAhead: AheadStatement = { method: 'GET', path: '/api/user/following', statement: followingStatement };

followingListRoutes.get('/', async (c) => {
  requireUser(c);
  const rows = await aheadRows<Omit<FollowedBusiness, 'followedAt'> & { followedAt: Date | string }>(c, followingStatement);
  return c.json(rows.map((r): FollowedBusiness => ({ ...r, followedAt: iso(r.followedAt) })));
});
