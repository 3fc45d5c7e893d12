import { Hono } from 'hono';
import { z } from 'zod';
import {
  adminCharitiesQuery, createCharityBody, statementQuery, updateCharityBody,
} from '../../_shared/contract/charities.ts';
import { uuid } from '../../_shared/contract/common.ts';
import { type AppEnv, userTx } from '../http/context.ts';
import { charityStatement, createCharity, GENERAL_FUND_ID, listCharities, updateCharity, withNameGuard } from './charities.ts';
import { conflict } from '../http/http-error.ts';
import { parse, parseJson, parseQuery } from '../http/validate.ts';
import { requireAdmin } from '../http/session.ts';

/**
 * /api/admin/charities: the admin's charities per city (decision 125). Every handler calls requireAdmin, and
 * the charities and payments policies repeat it (only the designated admin writes charities or reads payments).
 */
export const adminCharityRoutes = new Hono<AppEnv>();

// Two admin tabs racing: the unique indexes (name per city, one default per city) refuse the second.
const raceLost = () => conflict("This city's charities just changed. Reload and try again.");

adminCharityRoutes.get('/', async (c) => {
  requireAdmin(c);
  const { cityId } = parseQuery(c, adminCharitiesQuery);
  return c.json(await userTx(c, (q) => listCharities(q, cityId ?? null)));
});

adminCharityRoutes.post('/', async (c) => {
  requireAdmin(c);
  const body = await parseJson(c, createCharityBody);
  const charity = await withNameGuard(() => userTx(c, (q) => createCharity(q, body)), raceLost);
  return c.json(charity, 201);
});

adminCharityRoutes.patch('/:id', async (c) => {
  requireAdmin(c);
  const id = parse(uuid, c.req.param('id'), 'id');
  const body = await parseJson(c, updateCharityBody);
  const charity = await withNameGuard(() => userTx(c, (q) => updateCharity(q, id, body)), raceLost);
  return c.json(charity);
});

adminCharityRoutes.get('/:id/statement', async (c) => {
  requireAdmin(c);
  // A charity, or the general fund (decision 172).
  const id = parse(uuid.or(z.literal(GENERAL_FUND_ID)), c.req.param('id'), 'id');
  const { month } = parseQuery(c, statementQuery);
  const { filename, csv } = await userTx(c, (q) => charityStatement(q, id, month));
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${filename}"`);
  return c.body(csv);
});
