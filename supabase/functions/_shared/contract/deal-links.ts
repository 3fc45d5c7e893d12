import { z } from 'zod';
import { memberDeal, publicDeal } from './deals.ts';
import { publicLocation } from './locations.ts';
import { offlineDealCodes } from './offline-codes.ts';

// Deal links, /deals/:id (decision 115): one deal, for visitors (GET /api/deals/public/:id, the public
// view, no code) and for members (GET /api/deals/member/:id, the member view with its code).

/** Every location of the deal's business, first made first, with its hours and open state (issue 40). */
const dealLocations = z.array(publicLocation);

/** GET /api/deals/member/:id: the member view, plus this deal's offline cover (decision 060) so the page keeps its code without a network. */
export const memberDealLinkAnswer = memberDeal.extend({
  /** The 12-hour cover of this deal (cut at the membership's end and the deal's own end). */
  offlineCodes: offlineDealCodes.nullable(),
  /**
   * The business's locations. The API always sends them; absent only while the page shows the deal as a cached list
   * holds it (offline, a link never opened before).
   */
  locations: dealLocations.optional(),
});
export type MemberDealLinkAnswer = z.infer<typeof memberDealLinkAnswer>;

/** GET /api/deals/public/:id: the public view and where the business is. */
export const publicDealLinkAnswer = publicDeal.extend({ locations: dealLocations });
export type PublicDealLinkAnswer = z.infer<typeof publicDealLinkAnswer>;

/** 410: the deal exists but is not live or its business is not listed (any more). */
export const DEAL_UNAVAILABLE_MESSAGE = 'This deal is no longer available';
/** 404: no deal has this id (or it is not an id at all). */
export const DEAL_NOT_FOUND_MESSAGE = 'Deal not found';
