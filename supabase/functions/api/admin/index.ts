// The admin feature's public surface: all that the app, other features, http/ and jobs/ may import from admin/.
export { adminMerchantRoutes } from './merchants-router.ts';
export { adminRoutes } from './router.ts';
