import { Hono } from 'hono';
import type { ReferralAnswer } from '../../_shared/contract/referrals.ts';
import { type AppEnv, servicesOf } from '../http/context.ts';
import { requireUser } from '../http/session.ts';
import { referralOf } from './referrals.ts';

/** /api/member/referral: a member's invite link and what it brought (decision 200). */
export const memberReferralRoutes = new Hono<AppEnv>();

memberReferralRoutes.get('/', async (c) => {
  requireUser(c, 'USER');
  return c.json((await referralOf(servicesOf(c))) satisfies ReferralAnswer);
});
