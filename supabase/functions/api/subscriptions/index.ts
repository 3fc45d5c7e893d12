// The subscriptions feature's public surface: all that the app, other features, http/ and jobs/ may import from subscriptions/.
export { carryCreditsToProvider, sendBillingReminders } from './billing.ts';
export { callerMembershipEndsAt } from './membership.ts';
export { providerCall } from './provider-call.ts';
export { disputeList, openDisputeOf, paymentById, providerSubscriptionOf, recordDispute, recordRefund, refundTarget, userPayments } from './refunds.ts';
export { completeSubscriptionRoutes, createSubscriptionRoutes, paymentConfigRoutes, subscriptionRoutes, testPaymentRoutes } from './router.ts';
export { webhookRoutes } from './webhook-router.ts';
export { memberReferralRoutes } from './referrals-router.ts';
export { rewardReferrals } from './referrals.ts';
