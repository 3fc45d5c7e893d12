// The push feature's public surface: all that the app, other features, http/ and jobs/ may import from push/.
export { claimDeliveries, dropOldJobs, expandOneBatch, settleDeliveries } from './queue.ts';
export type { ClaimedDelivery, DeliveryRetry } from './queue.ts';
export { pushRoutes } from './router.ts';
