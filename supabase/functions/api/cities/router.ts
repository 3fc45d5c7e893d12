import { Hono } from 'hono';
import { type AppEnv, userTx } from '../http/context.ts';
import { listActiveCities } from './cities.ts';

/** GET /api/cities (mounted at /cities). */
export const cityRoutes = new Hono<AppEnv>();

cityRoutes.get('/', async (c) => c.json(await userTx(c, listActiveCities)));
