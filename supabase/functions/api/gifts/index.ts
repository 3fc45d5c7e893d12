// The gifts feature's public surface: all that the app, other features, http/ and jobs/ may import from gifts/.
export { deliverDueGifts, startGiftDeliveryLoop } from './gifts.ts';
export { adminGiftRoutes, giftRoutes } from './router.ts';
