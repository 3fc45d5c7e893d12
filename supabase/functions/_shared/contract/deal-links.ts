import { z } from 'zod';
import { memberDeal } from './deals.ts';
import { offlineDealCodes } from './offline-codes.ts';

// Deal links, /deals/:id (decision 115): one deal, for visitors (GET /api/deals/public/:id, the public
// view, no code) and for members (GET /api/deals/member/:id, the member view with its code).

/** GET /api/deals/member/:id: the member view, plus this deal's offline cover (decision 060) so the page keeps its code without a network. */
export const memberDealLinkAnswer = memberDeal.extend({
  /** The 12-hour cover of this deal (cut at the membership's end and the deal's own end). */
  offlineCodes: offlineDealCodes.nullable(),
});
export type MemberDealLinkAnswer = z.infer<typeof memberDealLinkAnswer>;

/** 410: the deal exists but is not live or its business is not listed (any more). */
export const DEAL_UNAVAILABLE_MESSAGE = 'This deal is no longer available';
/** 404: no deal has this id (or it is not an id at all). */
export const DEAL_NOT_FOUND_MESSAGE = 'Deal not found';
