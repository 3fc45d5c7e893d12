import { Hono } from 'hono';
import type { ReferralAnswer } from '../../_shared/contract/referrals.ts';
import { type AppEnv, servicesOf } from '../http/context.ts';
import { requireUser } from '../http/session.ts';
import { testCardsOf } from './billing-actions.ts';
import { passTestReferralWeek, referralOf } from './referrals.ts';

/** /api/member/referral: a member's invite link and what it brought (decision 200). */
export const memberReferralRoutes = new Hono<AppEnv>();

memberReferralRoutes.get('/', async (c) => {
  requireUser(c, 'USER');
  return c.json((await referralOf(servicesOf(c))) satisfies ReferralAnswer);
});

/** The built-in test provider's referral control (decision 200): 404 with Stripe. Mounted under /test-payments. */
export const testReferralRoutes = new Hono<AppEnv>();

/** The 7 days of the signed-in member's pending referral pass now, and the check runs. */
testReferralRoutes.post('/referral-week', async (c) => {
  testCardsOf(servicesOf(c));
  requireUser(c, 'USER');
  return c.json(await passTestReferralWeek(servicesOf(c)));
});
