// The deals feature's public surface: all that the app, other features, http/ and jobs/ may import from deals/.
export { codeSecrets, currentCodes, matchDealCodeStep } from './deals.ts';
export { counterLiveDealRows, dealColumns, ratingSummaryOf, rulesOf, toMerchantDeal } from './deals.ts';
export type { DealRow, SummaryRow } from './deals.ts';
export { memberDealLinkRoutes, publicDealLinkRoutes } from './links-router.ts';
export { counterOfflineCodeRoutes, memberOfflineCodeRoutes } from './offline-codes-router.ts';
export { dealRoutes, memberDealsAhead, publicDealsAhead } from './router.ts';
