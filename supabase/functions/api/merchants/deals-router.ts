import { Hono } from 'hono';
import { createDealBody, deleteDealQuery, updateDealBody } from '../../_shared/contract/deals.ts';
import { type AppEnv, userTx } from '../http/context.ts';
import { uuidParam } from '../http/params.ts';
import { parseJson, parseQuery } from '../http/validate.ts';
import { COUNTER_ROLES, requireUser } from '../http/session.ts';
import { counterDeals, createDeal, removeDeal, updateDeal } from './deals.ts';

export const merchantDealRoutes = new Hono<AppEnv>();

const DEAL_NOT_FOUND = 'Deal not found';

merchantDealRoutes.get('/', async (c) => {
  const user = requireUser(c, ...COUNTER_ROLES);
  return c.json(await userTx(c, (q) => counterDeals(q, user.role)));
});

merchantDealRoutes.post('/', async (c) => {
  requireUser(c, 'MERCHANT');
  const body = await parseJson(c, createDealBody);
  return c.json(await userTx(c, (q) => createDeal(q, body)), 201);
});

merchantDealRoutes.patch('/:id', async (c) => {
  requireUser(c, 'MERCHANT');
  const id = uuidParam(c, 'id', DEAL_NOT_FOUND);
  const patch = await parseJson(c, updateDealBody);
  return c.json(await userTx(c, (q) => updateDeal(q, id, patch)));
});

/**
 * DELETE /api/merchant/deals/{id} deactivates the deal (the "Deactivate" action of the deals
 * page); ?permanent=true removes it for good (the confirmed "Delete"). See decision 020.
 */
merchantDealRoutes.delete('/:id', async (c) => {
  requireUser(c, 'MERCHANT');
  const id = uuidParam(c, 'id', DEAL_NOT_FOUND);
  const { permanent } = parseQuery(c, deleteDealQuery);
  return c.json(await userTx(c, (q) => removeDeal(q, id, permanent === 'true')));
});
