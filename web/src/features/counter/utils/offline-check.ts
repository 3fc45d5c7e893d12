import { ApiError } from '@/lib/api-error';
import type { OfflineCodesAnswer } from '@shared/contract/index.ts';
import { matchOfflineCode } from '@shared/offline-codes.ts';
import { checkOfferRules, minSpendRefusal, type OfferRules } from '@shared/offer-rules.ts';

/** Errors shaped like the API's ("<status>: {message}"), so the counter handles both the same way. */
export const apiLikeError = (status: number, message: string) => new ApiError(status, JSON.stringify({ message }));

export const NO_COVER_MESSAGE = "This tablet has no codes saved for checking offline yet. Connect once to load the next 12 hours' codes.";
const NOT_RECOGNISED_OFFLINE = 'Code not recognised. It may have expired: ask the member to refresh their deal.';
const AMBIGUOUS_MESSAGE = 'This code matches more than one of your deals right now. Choose the deal and verify again.';

/**
 * The counter's check without a network (decision 060): which of its deals the code belongs to at `nowMs`
 * (current or previous step, as the server accepts). Throws the API's errors for no match (422) and for a
 * code matching two deals (409, answered by choosing the deal).
 */
export async function checkCodeOffline(cover: OfflineCodesAnswer | null | undefined, code: string, dealId: string | undefined, nowMs: number) {
  if (!cover) throw apiLikeError(503, NO_COVER_MESSAGE);
  const candidates = cover.deals.filter((deal) => !dealId || deal.dealId === dealId);
  const matches = await matchOfflineCode(candidates, code, nowMs);
  if (matches.length === 0) throw apiLikeError(422, NOT_RECOGNISED_OFFLINE);
  const newest = Math.max(...matches.map((match) => match.step));
  const best = matches.filter((match) => match.step === newest);
  if (best.length > 1) throw apiLikeError(409, AMBIGUOUS_MESSAGE);
  return best[0];
}

/**
 * A deal's offer rules checked on this tablet without a network (issue 38), with the code the server's rule mirrors:
 * the days, hours and excluded dates in the business's time zone (from the counter's cover), then the minimum
 * spend. The API's refusal (409 with `availableAt`, 400 for a missing amount), or null to go ahead; without a
 * zone only the spend is checked here, and the server flags at sync what the tablet could not see.
 */
export function offlineRulesRefusal(
  rules: OfferRules | null | undefined, timeZone: string | undefined, amountCents: number | undefined, nowMs: number,
): ApiError | null {
  if (!rules) return null;
  const checked = timeZone ? checkOfferRules(rules, nowMs, timeZone) : { ok: true as const };
  if (!checked.ok) {
    return new ApiError(409, JSON.stringify({ message: checked.message, ...(checked.availableAt ? { availableAt: checked.availableAt } : {}) }));
  }
  const spend = minSpendRefusal(rules, amountCents);
  return spend ? apiLikeError(amountCents === undefined ? 400 : 409, spend) : null;
}
