import { ApiError } from '@/lib/api-error';
import type { OfflineCodesAnswer } from '@shared/contract/index.ts';
import { matchOfflineCode } from '@shared/offline-codes.ts';

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
