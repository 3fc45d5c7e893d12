// The offline cover of deal codes (decision 060): the window keys and loose step codes an app needs to show
// codes for the next 12 hours without a network, and nothing beyond. Used by GET /api/deals/offline-codes,
// GET /api/merchant/deals/offline-codes and the deal link (GET /api/deals/member/:id).
import { DEAL_CODE_STEP_SECONDS, DEAL_CODE_WINDOW_STEPS, OFFLINE_CODES_HOURS } from '../../_shared/constants.ts';
import type { OfflineCodesAnswer, OfflineDealCodes } from '../../_shared/contract/offline-codes.ts';
import { codeWindowKey, codeWindowOf, hotp } from '../../_shared/deal-code.ts';
import { bytesToBase64Url } from '../../_shared/encoding.ts';
import { planOfflineCodes } from '../../_shared/offline-codes.ts';
import type { PerMemberLimit } from '../../_shared/constants.ts';
import type { OfferRules } from '../../_shared/offer-rules.ts';
import { rulesOf } from './deals.ts';

/** How far ahead a cover reaches (OFFLINE_CODES_HOURS). */
export const COVER_MS = OFFLINE_CODES_HOURS * 60 * 60 * 1000;

export interface CoverableDeal {
  id: string;
  valid_to: Date | string | null;
  /** The counter's cover: the deal's rules travel with its codes, so the tablet checks them offline (issue 38). */
  rules?: Partial<OfferRules> | string | null;
  per_member_limit?: PerMemberLimit;
}

/** The keys and loose codes of each deal for [fromStep, untilMs), each deal cut at its own end. */
export async function offlineCodesFor(
  deals: CoverableDeal[],
  secrets: Map<string, Uint8Array>,
  { nowMs, fromStep, untilMs, timeZone }: { nowMs: number; fromStep: number; untilMs: number; timeZone?: string },
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
        const rules = deal.per_member_limit ? rulesOf({ rules: deal.rules, per_member_limit: deal.per_member_limit }) : {};
        return { dealId: deal.id, validUntil: new Date(dealUntil).toISOString(), windowKeys, stepCodes, ...rules };
      })()];
    }),
  );
  return {
    issuedAt: new Date(nowMs).toISOString(),
    validUntil: new Date(untilMs).toISOString(),
    stepSeconds: DEAL_CODE_STEP_SECONDS,
    windowSteps: DEAL_CODE_WINDOW_STEPS,
    ...(timeZone ? { timeZone } : {}),
    deals: covered,
  };
}
