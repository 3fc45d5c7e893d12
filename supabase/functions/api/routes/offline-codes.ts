// Codes without signal (decision 060): what an app needs to show deal codes for the next 12 hours
// offline, and nothing beyond. Members get the live deals of a city (no later than their membership
// ends); an approved merchant gets their own live deals for the counter (from the previous step on,
// which the counter still accepts).
import { Hono } from 'hono';
import { MEMBERSHIP_REQUIRED_MESSAGE } from '../../_shared/contract/deals.ts';
import { memberOfflineCodesQuery } from '../../_shared/contract/offline-codes.ts';
import { codeStepAt } from '../../_shared/deal-code.ts';
import { type AppEnv, userTx } from '../context.ts';
import { forbidden } from '../lib/http-error.ts';
import { parseQuery } from '../lib/validate.ts';
import { COUNTER_ROLES, requireUser } from '../middleware/session.ts';
import { codeSecrets } from '../domain/deal-codes.ts';
import { cityLiveDealsSql, filterParams } from '../domain/live-deals-sql.ts';
import { callerMembershipEndsAt } from '../domain/membership.ts';
import { COVER_MS, type CoverableDeal, offlineCodesFor } from '../domain/offline-cover.ts';

/** GET /api/deals/offline-codes (mounted at /deals/offline-codes). */
export const memberOfflineCodeRoutes = new Hono<AppEnv>();
/** GET /api/merchant/deals/offline-codes (mounted at /merchant/deals/offline-codes). */
export const counterOfflineCodeRoutes = new Hono<AppEnv>();

/** GET /api/deals/offline-codes?cityId=: a member's live deals of a city, until now + 12 h or the membership's end. */
memberOfflineCodeRoutes.get('/', async (c) => {
  requireUser(c, 'USER');
  const { cityId } = parseQuery(c, memberOfflineCodesQuery);
  const nowMs = Date.now();
  const answer = await userTx(c, async (q) => {
    // The membership's end (private.has_active_subscription decides): nothing at all after it.
    const membershipEnd = await callerMembershipEndsAt(q);
    if (!membershipEnd) throw forbidden(MEMBERSHIP_REQUIRED_MESSAGE);
    const deals = await q<CoverableDeal>(cityLiveDealsSql, [cityId, ...filterParams('all')]);
    const secrets = await codeSecrets(q, deals.map((deal) => deal.id));
    const untilMs = Math.min(nowMs + COVER_MS, membershipEnd.getTime());
    return offlineCodesFor(deals, secrets, { nowMs, fromStep: codeStepAt(nowMs), untilMs });
  });
  return c.json(answer);
});

/** GET /api/merchant/deals/offline-codes: the counter's own live deals, from the previous step to now + 12 h. */
counterOfflineCodeRoutes.get('/', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const nowMs = Date.now();
  const answer = await userTx(c, async (q) => {
    await q(`select private.counter_merchant()`); // 403 unless an approved business
    const deals = await q<CoverableDeal>(
      `select d.id, d.valid_to from public.deals d
        where d.merchant_id = (select (private.counter_merchant()).id) and public.deal_is_live(d.active, d.valid_from, d.valid_to)`,
    );
    const secrets = await codeSecrets(q, deals.map((deal) => deal.id));
    return offlineCodesFor(deals, secrets, { nowMs, fromStep: codeStepAt(nowMs) - 1, untilMs: nowMs + COVER_MS });
  });
  return c.json(answer);
});
