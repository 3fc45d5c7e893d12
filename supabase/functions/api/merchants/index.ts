// The merchants feature's public surface: all that the app, other features, http/ and jobs/ may import from merchants/.
export { merchantDealRoutes } from './deals-router.ts';
export { merchantColumns, toMerchantProfile } from './merchant-view.ts';
export type { MerchantRow } from './merchant-view.ts';
export { merchantRoutes } from './router.ts';
