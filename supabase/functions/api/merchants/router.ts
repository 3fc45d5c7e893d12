import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { counterRoutes } from '../counter/index.ts';
import { merchantProfileRoutes } from './profile-router.ts';

/**
 * Everything directly under /api/merchant: profile and logo (profile-router.ts), and the counter's routes, which the
 * spec also puts there (counter/router.ts). The merchant's deals are deals-router.ts, mounted at /merchant/deals.
 */
export const merchantRoutes = new Hono<AppEnv>();
merchantRoutes.route('/', merchantProfileRoutes);
merchantRoutes.route('/', counterRoutes);
