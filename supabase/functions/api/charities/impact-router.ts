import { Hono } from 'hono';
import { type AppEnv, readTx } from '../http/context.ts';
import { charityImpact } from './charities.ts';

/** GET /api/impact: the public totals per charity (decision 125). Anyone, signed in or not. */
export const impactRoutes = new Hono<AppEnv>();

impactRoutes.get('/', async (c) => c.json(await readTx(c, (q) => charityImpact(q))));
