import { Hono } from 'hono';
import { businessUpdateBody } from '../../../_shared/contract/notifications.ts';
import { type AppEnv, userTx } from '../../context.ts';
import { listOwnUpdates, postUpdate } from '../../domain/business-updates.ts';
import { parseJson } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/session.ts';

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
