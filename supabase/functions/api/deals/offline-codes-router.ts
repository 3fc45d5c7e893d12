// Codes without signal (decision 060): members get the live deals of a city (no later than their membership
// ends); an approved merchant (or their staff) gets their own live deals for the counter. deals/offline-codes.ts.
import { Hono } from 'hono';
import { memberOfflineCodesQuery } from '../../_shared/contract/offline-codes.ts';
import { type AppEnv, userTx } from '../http/context.ts';
import { parseQuery } from '../http/validate.ts';
import { COUNTER_ROLES, requireUser } from '../http/session.ts';
import { counterOfflineCodes, memberOfflineCodes } from './offline-codes.ts';

/** GET /api/deals/offline-codes (mounted at /deals/offline-codes). */
export const memberOfflineCodeRoutes = new Hono<AppEnv>();
/** GET /api/merchant/deals/offline-codes (mounted at /merchant/deals/offline-codes). */
export const counterOfflineCodeRoutes = new Hono<AppEnv>();

/** GET /api/deals/offline-codes?cityId=: a member's live deals of a city, until now + 12 h or the membership's end. */
memberOfflineCodeRoutes.get('/', async (c) => {
  requireUser(c, 'USER');
  const { cityId } = parseQuery(c, memberOfflineCodesQuery);
  const nowMs = Date.now();
  return c.json(await userTx(c, (q) => memberOfflineCodes(q, cityId, nowMs)));
});

/** GET /api/merchant/deals/offline-codes: the counter's own live deals, from the previous step to now + 12 h. */
counterOfflineCodeRoutes.get('/', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const nowMs = Date.now();
  return c.json(await userTx(c, (q) => counterOfflineCodes(q, nowMs)));
});
