import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { counterRoutes } from './counter.ts';
import { merchantDealRoutes } from './deals.ts';
import { merchantProfileRoutes } from './profile.ts';

/** Everything under /api/merchant: profile and logo, deals, and the counter. */
export const merchantRoutes = new Hono<AppEnv>();
merchantRoutes.route('/', merchantProfileRoutes);
merchantRoutes.route('/deals', merchantDealRoutes);
merchantRoutes.route('/', counterRoutes);
