// Deal links, /deals/:id (decision 115): one deal by id. Visitors (and anyone without an active
// membership) read the public view; members read the member view with its code. A deal that exists but is
// no longer live answers 410, an unknown or malformed id 404 (the page tells the two apart).
import { Hono } from 'hono';
import { DEAL_NOT_FOUND_MESSAGE } from '../../_shared/contract/deal-links.ts';
import { type AppEnv, userTx } from '../http/context.ts';
import { uuidParam } from '../http/params.ts';
import { requireUser } from '../http/session.ts';
import { memberDealById, publicDealById } from './deal-links.ts';

/** GET /api/deals/public/:id (mounted at /deals/public/:id): the public view, codes hidden. */
export const publicDealLinkRoutes = new Hono<AppEnv>();
/** GET /api/deals/member/:id (mounted at /deals/member/:id): the member view with its code; 403 without an active membership. */
export const memberDealLinkRoutes = new Hono<AppEnv>();

publicDealLinkRoutes.get('/', async (c) => {
  const dealId = uuidParam(c, 'id', DEAL_NOT_FOUND_MESSAGE);
  return c.json(await userTx(c, (q) => publicDealById(q, dealId)));
});

memberDealLinkRoutes.get('/', async (c) => {
  requireUser(c, 'USER');
  const dealId = uuidParam(c, 'id', DEAL_NOT_FOUND_MESSAGE);
  return c.json(await userTx(c, (q) => memberDealById(q, dealId)));
});
