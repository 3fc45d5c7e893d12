// Codes without signal (decision 060): what an app needs to show deal codes for the next 12 hours
// offline, and nothing beyond. Members get the live deals of a city (no later than their membership
// ends); an approved merchant gets their own live deals for the counter (from the previous step on,
// which the counter still accepts).
import { Hono } from 'hono';
import { DEAL_CODE_STEP_SECONDS, DEAL_CODE_WINDOW_STEPS, OFFLINE_CODES_HOURS } from '../../_shared/constants.ts';
import { MEMBERSHIP_REQUIRED_MESSAGE } from '../../_shared/contract/deals.ts';
import { memberOfflineCodesQuery, type OfflineCodesAnswer, type OfflineDealCodes } from '../../_shared/contract/offline-codes.ts';
import { bytesToBase64Url, codeStepAt, codeWindowKey, codeWindowOf, hotp } from '../../_shared/deal-code.ts';
import { planOfflineCodes } from '../../_shared/offline-codes.ts';
import { type AppEnv, userTx } from '../context.ts';
import { forbidden } from '../lib/http-error.ts';
import { parseQuery } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { codeSecrets } from '../domain/deal-codes.ts';
import { cityLiveDealsSql, filterParams } from '../domain/live-deals-sql.ts';
import { callerMembershipEndsAt } from '../domain/membership.ts';

/** GET /api/deals/offline-codes (mounted at /deals/offline-codes). */
export const memberOfflineCodeRoutes = new Hono<AppEnv>();
/** GET /api/merchant/deals/offline-codes (mounted at /merchant/deals/offline-codes). */
export const counterOfflineCodeRoutes = new Hono<AppEnv>();

const COVER_MS = OFFLINE_CODES_HOURS * 60 * 60 * 1000;

interface CoverableDeal {
  id: string;
  valid_to: Date | string | null;
}

/** The keys and loose codes of each deal for [fromStep, untilMs), each deal cut at its own end. */
async function offlineCodesFor(
  deals: CoverableDeal[],
  secrets: Map<string, Uint8Array>,
  { nowMs, fromStep, untilMs }: { nowMs: number; fromStep: number; untilMs: number },
): Promise<OfflineCodesAnswer> {
  const covered = await Promise.all(
    deals.flatMap((deal): Promise<OfflineDealCodes>[] => {
      const secret = secrets.get(deal.id);
      if (!secret) return [];
      const dealEnd = deal.valid_to ? new Date(deal.valid_to).getTime() + 1 : Infinity; // valid_to is inclusive
      const dealUntil = Math.min(untilMs, dealEnd);
      return [(async () => {
        const plan = planOfflineCodes(fromStep, dealUntil);
        const windowKeys = await Promise.all(
          plan.windows.map(async (window) => ({ window, key: bytesToBase64Url(await codeWindowKey(secret, window)) })),
        );
        // The loose steps all sit in one partial window: derive its key once, hand out only the codes.
        const partialKey = plan.steps.length ? await codeWindowKey(secret, codeWindowOf(plan.steps[0])) : null;
        const stepCodes = await Promise.all(plan.steps.map(async (step) => ({ step, code: await hotp(partialKey!, step) })));
        return { dealId: deal.id, validUntil: new Date(dealUntil).toISOString(), windowKeys, stepCodes };
      })()];
    }),
  );
  return {
    issuedAt: new Date(nowMs).toISOString(),
    validUntil: new Date(untilMs).toISOString(),
    stepSeconds: DEAL_CODE_STEP_SECONDS,
    windowSteps: DEAL_CODE_WINDOW_STEPS,
    deals: covered,
  };
}

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
  requireUser(c, 'MERCHANT');
  const nowMs = Date.now();
  const answer = await userTx(c, async (q) => {
    await q(`select private.counter_merchant()`); // 403 unless an approved business
    const deals = await q<CoverableDeal>(
      `select d.id, d.valid_to from public.deals d
        where d.merchant_id = (select private.my_merchant_id(true)) and public.deal_is_live(d.active, d.valid_from, d.valid_to)`,
    );
    const secrets = await codeSecrets(q, deals.map((deal) => deal.id));
    return offlineCodesFor(deals, secrets, { nowMs, fromStep: codeStepAt(nowMs) - 1, untilMs: nowMs + COVER_MS });
  });
  return c.json(answer);
});
