import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './http/context.ts';
import { onError, onNotFound } from './http/errors.ts';
import { originGuard } from './http/request-guards.ts';
import { bodyLimits } from './http/request-guards.ts';
import { forwardedValue } from './http/request-guards.ts';
import { accountGate } from './http/request-guards.ts';
import { requestLogging } from './http/request-guards.ts';
import { API_CSP, COMMON_SECURITY_HEADERS, HSTS, isSecureRequest } from './http/request-guards.ts';
import { idempotency } from './http/idempotency.ts';
import { sessionLoader } from './http/session.ts';
import { authRoutes, sessionUserAhead } from './auth/index.ts';
import { businessUpdateRoutes } from './business-updates/index.ts';
import { followingAhead, followingListRoutes, followRoutes } from './follows/index.ts';
import { cityRoutes, adminCityRoutes } from './cities/index.ts';
import { charityRoutes, adminCharityRoutes, impactRoutes } from './charities/index.ts';
import { adminGiftRoutes, giftRoutes } from './gifts/index.ts';
import { adminMerchantRoutes, adminRoutes } from './admin/index.ts';
import { dealRoutes, memberDealsAhead, publicDealsAhead, memberDealLinkRoutes, publicDealLinkRoutes, counterOfflineCodeRoutes, memberOfflineCodeRoutes } from './deals/index.ts';
import { memberPointsRoutes, memberRedemptionRoutes } from './member-pass/index.ts';
import { memberExportRoutes } from './member-export/index.ts';
import { merchantRoutes, merchantDealRoutes } from './merchants/index.ts';
import { notificationRoutes, notificationsAhead } from './notifications/index.ts';
import { realtimeRoutes } from './realtime/index.ts';
import { objectRoutes, profilePictureRoutes } from './uploads/index.ts';
import { completeSubscriptionRoutes, createSubscriptionRoutes, memberReferralRoutes, paymentConfigRoutes, subscriptionRoutes, testPaymentRoutes, webhookRoutes } from './subscriptions/index.ts';
import { businessSearchAhead, businessSearchRoutes, collabRoutes } from './collabs/index.ts';
import { internalRoutes } from './jobs/router.ts';
import { adminInsightsRoutes, merchantInsightsRoutes } from './insights/index.ts';
import { pushRoutes } from './push/index.ts';
import { reviewRoutes } from './reviews/index.ts';
import { communityRoutes } from './community/index.ts';
import { adminSystemRoutes, deepHealthRoutes } from './system/index.ts';
import { adminAuditLogRoutes, businessAuditLogRoutes } from './audit/index.ts';
import { mapRoutes, merchantLocationRoutes } from './locations/index.ts';
import { counterDeviceAdminRoutes, counterDeviceRoutes, merchantStaffRoutes, staffInviteRoutes } from './staff/index.ts';

export type { AppDeps } from './http/context.ts';

/**
 * Where each route module is mounted, under /api. A module whose spec URLs start with different words exports
 * one router per prefix (lookup: /cities and /charities). Paths are the spec's (docs/spec.md, API section).
 */
export const mounts: readonly (readonly [prefix: string, routes: Hono<AppEnv>])[] = [
  ['/auth/profile-picture', profilePictureRoutes],
  ['/auth', authRoutes],
  ['/cities', cityRoutes],
  ['/charities', charityRoutes],
  ['/deals/offline-codes', memberOfflineCodeRoutes],
  ['/deals', dealRoutes],
  ['/deals/public/:id', publicDealLinkRoutes],
  ['/deals/member/:id', memberDealLinkRoutes],
  ['/merchant/deals/offline-codes', counterOfflineCodeRoutes],
  ['/merchant/updates', businessUpdateRoutes],
  ['/merchant', merchantRoutes],
  ['/merchant/deals', merchantDealRoutes],
  ['/member', memberPointsRoutes],
  ['/member/redemptions', memberRedemptionRoutes],
  ['/member/export', memberExportRoutes],
  ['/member/referral', memberReferralRoutes],
  ['/businesses/search', businessSearchRoutes],
  ['/businesses/:id', followRoutes],
  ['/user/following', followingListRoutes],
  ['/notifications', notificationRoutes],
  ['/realtime', realtimeRoutes],
  ['/payments', paymentConfigRoutes],
  ['/create-subscription', createSubscriptionRoutes],
  ['/complete-subscription', completeSubscriptionRoutes],
  ['/subscription', subscriptionRoutes],
  ['/test-payments', testPaymentRoutes],
  ['/stripe', webhookRoutes],
  ['/objects', objectRoutes],
  ['/collabs', collabRoutes],
  ['/admin/merchants', adminMerchantRoutes],
  ['/admin', adminRoutes],
  ['/admin/cities', adminCityRoutes],
  ['/internal', internalRoutes],
  ['/merchant/insights', merchantInsightsRoutes],
  ['/admin/insights', adminInsightsRoutes],
  ['/admin/charities', adminCharityRoutes],
  ['/impact', impactRoutes],
  ['/gifts', giftRoutes],
  ['/admin/gifts', adminGiftRoutes],
  ['/push', pushRoutes],
  ['/merchant/staff', merchantStaffRoutes],
  ['/merchant/counter-devices', counterDeviceAdminRoutes],
  ['/auth/staff-invite', staffInviteRoutes],
  ['/counter', counterDeviceRoutes],
  ['/reviews', reviewRoutes],
  ['/community', communityRoutes],
  ['/admin/system', adminSystemRoutes],
  ['/health', deepHealthRoutes],
  ['/admin/audit-log', adminAuditLogRoutes],
  ['/merchant/audit-log', businessAuditLogRoutes],
  ['/merchant/locations', merchantLocationRoutes],
  ['/map', mapRoutes],
];

/** Paths that authenticate by other means than the session cookie (signed webhooks). */
const originExempt = (path: string) =>
  path.startsWith('/api/stripe/webhook') || path === '/api/internal/drain-outbox' || path === '/api/internal/drain-push'
  || path === '/api/internal/system-check';

/** Builds the whole API. Runtime-neutral: the Deno entry and the local runner both mount it. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>().basePath('/api');
  // First: every answer below, refusals and errors included, carries X-Request-Id and is logged in one line.
  app.use('*', requestLogging(deps));
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    // Set before the handler: every answer made through the context (c.json, c.body, onError, the 404)
    // is created with them, so every answer carries them, errors and 404s included (decision 089). Set
    // after it, each header rebuilt the finished Response (and on Node its body as a stream): 6% of the
    // server's CPU on GET /api/deals (decision 140). Handlers never return a bare `new Response`.
    c.header('Cache-Control', 'no-store');
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) c.header(name, value);
    c.header('Content-Security-Policy', API_CSP);
    if (isSecureRequest(c.req.url, forwardedValue(c.req.header('x-forwarded-proto'), deps.config.trustedProxyHops))) {
      c.header('Strict-Transport-Security', HSTS);
    }
    await next();
  });
  // The client's reachability probe (web/src/lib/network/connectivity.ts): answers before any session or
  // database work, so it stays cheap when many offline apps probe at once. `?deep=1` (the admin or an uptime
  // monitor's token) goes on to system/router.ts, which checks the database and the queues.
  app.get('/health', (c, next) => (c.req.query('deep') === '1' ? next() : c.body(null, 204)));
  app.use('*', bodyLimits());
  app.use('*', originGuard(originExempt));
  // A flood of sign-ins or resets waits here, holding nothing, never ahead of other routes (decision 175).
  app.use('*', accountGate());
  // Bodies are in (http/request-guards.ts) before the session lookup opens the request's transaction (decision 175).
  // The busiest signed-in reads send their one statement with the session lookup: one round trip (decision 130).
  app.use('*', sessionLoader([memberDealsAhead, publicDealsAhead, sessionUserAhead, notificationsAhead, followingAhead, businessSearchAhead]));
  app.use('*', idempotency);

  // Each route module owns its own path prefix (no module is mounted at `/`), so no two modules answer the same
  // path and the order of these lines does not matter (mounts.test.ts checks both).
  for (const [prefix, routes] of mounts) app.route(prefix, routes);

  // A catch-all route (not only notFound) so the JSON 404 also holds when this app is mounted.
  app.all('*', onNotFound);
  app.notFound(onNotFound);
  app.onError(onError);
  return app;
}

export type App = ReturnType<typeof createApp>;
