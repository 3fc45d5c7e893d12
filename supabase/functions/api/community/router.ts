import { Hono } from 'hono';
import {
  communityFeedQuery, createCommunityPostBody, editCommunityPostBody, moderateCommunityPostBody, reportCommunityPostBody,
} from '../../_shared/contract/community.ts';
import { type AppEnv, servicesOf, userTx } from '../http/context.ts';
import { serialParam } from '../http/params.ts';
import { parseJson, parseQuery } from '../http/validate.ts';
import { requireAdmin, requireUser } from '../http/session.ts';
import { communityFeed, createPost, deletePost, editPost, moderatePost, reportPost } from './community.ts';

/** /api/community: the city's feed (decision 196). Who may read and write is decided in SQL (community.sql). */
export const communityRoutes = new Hono<AppEnv>();

/**
 * GET /api/community/posts?cursor=: the caller's city's posts, newest first (active members, approved businesses).
 * On the primary, not the replica: a reader refetches on another member's post_changed, which a replica behind the
 * primary would answer without the post, and no second message would come.
 */
communityRoutes.get('/posts', async (c) => {
  requireUser(c, 'USER', 'MERCHANT');
  const { cursor } = parseQuery(c, communityFeedQuery);
  return c.json(await userTx(c, (q) => communityFeed(q, cursor)));
});

/** POST /api/community/posts {text, photoUrl?, dealId?}: an active member or an approved business; rate-limited. */
communityRoutes.post('/posts', async (c) => {
  const user = requireUser(c, 'USER', 'MERCHANT');
  const body = await parseJson(c, createCommunityPostBody);
  return c.json(await createPost(servicesOf(c), user.id, body), 201);
});

/** PATCH /api/community/posts/:id {text, dealId?}: the author. */
communityRoutes.patch('/posts/:id', async (c) => {
  const id = serialParam(c, 'id', 'Post not found');
  const user = requireUser(c, 'USER', 'MERCHANT');
  const body = await parseJson(c, editCommunityPostBody);
  return c.json(await editPost(servicesOf(c), user.id, id, body.text, body.dealId));
});

/** DELETE /api/community/posts/:id: the author; its photo goes too. */
communityRoutes.delete('/posts/:id', async (c) => {
  const id = serialParam(c, 'id', 'Post not found');
  const user = requireUser(c, 'USER', 'MERCHANT');
  await deletePost(servicesOf(c), user.id, id);
  return c.body(null, 204);
});

/** POST /api/community/posts/:id/report {reason?}: a reader of the feed, once per post. */
communityRoutes.post('/posts/:id/report', async (c) => {
  const id = serialParam(c, 'id', 'Post not found');
  const user = requireUser(c, 'USER', 'MERCHANT');
  const body = await parseJson(c, reportCommunityPostBody);
  await reportPost(servicesOf(c), user.id, id, body.reason);
  return c.json({ reported: true }, 201);
});

/** POST /api/community/posts/:id/hide and /restore {reason?}: the admin; recorded in admin_audit_log. */
for (const [action, hide] of [['hide', true], ['restore', false]] as const) {
  communityRoutes.post(`/posts/:id/${action}`, async (c) => {
    const id = serialParam(c, 'id', 'Post not found');
    requireAdmin(c);
    const body = await parseJson(c, moderateCommunityPostBody);
    return c.json(await userTx(c, (q) => moderatePost(q, id, hide, body.reason)));
  });
}
