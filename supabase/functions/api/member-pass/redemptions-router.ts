import { Hono } from 'hono';
import { memberRedemptionsQuery } from '../../_shared/contract/member-redemptions.ts';
import { type AppEnv, userTx } from '../http/context.ts';
import { parseQuery } from '../http/validate.ts';
import { requireUser } from '../http/session.ts';
import { memberRedemptions } from './redemptions.ts';

/** /api/member/redemptions: the member's own deal redemptions (issue 26). */
export const memberRedemptionRoutes = new Hono<AppEnv>();

/** GET /api/member/redemptions?before=&limit=: newest first, 20 a page by default, at most 50. */
memberRedemptionRoutes.get('/', async (c) => {
  requireUser(c, 'USER');
  const query = parseQuery(c, memberRedemptionsQuery);
  return c.json(await userTx(c, (q) => memberRedemptions(q, query.before, query.limit ?? 20)));
});
