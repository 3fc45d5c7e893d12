import { Hono } from 'hono';
import { aheadRows, type AppEnv, userTx } from '../http/context.ts';
import { findFollowableBusiness, follow, followingListStatement, isFollowing, toFollowing, type FollowingRow, unfollow } from './follows.ts';
import { badRequest, forbidden, notFound } from '../http/http-error.ts';
import { pathId } from '../http/params.ts';
import { type AheadStatement, requireUser } from '../http/session.ts';

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

followRoutes.get('/follow-status', async (c) => {
  requireUser(c);
  const id = pathId(c);
  const following = await userTx(c, async (q) => {
    if (!(await findFollowableBusiness(q, id))) throw notFound(BUSINESS_NOT_FOUND);
    return isFollowing(q, id);
  });
  return c.json({ isFollowing: following });
});

followRoutes.post('/follow', async (c) => {
  const user = requireUser(c);
  const id = pathId(c);
  const created = await userTx(c, async (q) => {
    const business = await findFollowableBusiness(q, id);
    if (!business || (!business.active && !business.own)) throw notFound(BUSINESS_NOT_FOUND);
    if (business.own) throw badRequest(OWN_BUSINESS);
    if (user.role !== 'USER') throw forbidden(MEMBERS_ONLY);
    // Following twice is not an error: the pair is unique and the answer says "following".
    return follow(q, id);
  });
  return c.json({ isFollowing: true }, created ? 201 : 200);
});

followRoutes.delete('/follow', async (c) => {
  requireUser(c);
  const id = pathId(c);
  await userTx(c, async (q) => {
    // Unfollowing what one does not follow is fine; an id that names no business is not.
    if (!(await unfollow(q, id)) && !(await findFollowableBusiness(q, id))) throw notFound(BUSINESS_NOT_FOUND);
  });
  return c.json({ isFollowing: false });
});

/** GET /api/user/following's one statement leaves with the session lookup (decision 130). */
export const followingAhead: AheadStatement = {
  method: 'GET', path: '/api/user/following', statement: followingListStatement,
};

followingListRoutes.get('/', async (c) => {
  requireUser(c);
  return c.json(toFollowing(await aheadRows<FollowingRow>(c, followingListStatement)));
});
