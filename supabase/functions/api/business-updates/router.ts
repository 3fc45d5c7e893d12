import { Hono } from 'hono';
import { businessUpdateBody } from '../../_shared/contract/notifications.ts';
import { type AppEnv, userTx } from '../http/context.ts';
import { listOwnUpdates, postUpdate } from './business-updates.ts';
import { parseJson } from '../http/validate.ts';
import { requireUser } from '../http/session.ts';

// A merchant's short news to its followers (mounted at /merchant/updates).
export const businessUpdateRoutes = new Hono<AppEnv>();

businessUpdateRoutes.get('/', async (c) => {
  requireUser(c, 'MERCHANT');
  return c.json(await userTx(c, listOwnUpdates));
});

businessUpdateRoutes.post('/', async (c) => {
  requireUser(c, 'MERCHANT');
  const { message } = await parseJson(c, businessUpdateBody);
  return c.json(await userTx(c, (q) => postUpdate(q, message)), 201);
});
