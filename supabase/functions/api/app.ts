import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './context.ts';
import { onError, onNotFound } from './middleware/errors.ts';
import { originGuard } from './middleware/origin.ts';
import { bodyLimits } from './middleware/body-limit.ts';
import { forwardedValue } from './lib/client-ip.ts';
import { accountGate } from './middleware/account-gate.ts';
import { API_CSP, COMMON_SECURITY_HEADERS, HSTS, isSecureRequest } from './lib/security-headers.ts';
import { idempotency } from './middleware/idempotency.ts';
import { sessionLoader } from './middleware/session.ts';
import { authRoutes, sessionUserAhead } from './routes/auth/index.ts';
import { businessUpdateRoutes } from './routes/business-updates/index.ts';
import { followingAhead, followingListRoutes, followRoutes } from './routes/following/index.ts';
import { charityRoutes, cityRoutes } from './routes/lookup.ts';
import { adminMerchantRoutes } from './routes/admin-merchants.ts';
import { dealRoutes, memberDealsAhead, publicDealsAhead } from './routes/deals/index.ts';
import { memberDealLinkRoutes, publicDealLinkRoutes } from './routes/deal-links.ts';
import { memberPointsRoutes } from './routes/member-points.ts';
import { memberRedemptionRoutes } from './routes/member-redemptions.ts';
import { counterOfflineCodeRoutes, memberOfflineCodeRoutes } from './routes/offline-codes.ts';
import { merchantRoutes } from './routes/merchant/index.ts';
import { notificationRoutes, notificationsAhead } from './routes/notifications/index.ts';
import { realtimeRoutes } from './routes/realtime.ts';
import { objectRoutes } from './routes/objects.ts';
import { profilePictureRoutes } from './routes/profile-picture.ts';
import {
  completeSubscriptionRoutes, createSubscriptionRoutes, paymentConfigRoutes, subscriptionRoutes, testPaymentRoutes,
} from './routes/subscriptions/index.ts';
import { webhookRoutes } from './routes/subscriptions/webhook.ts';
import { businessSearchRoutes } from './routes/business-search.ts';
import { collabRoutes } from './routes/collabs/index.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { internalRoutes } from './routes/internal.ts';
import { adminInsightsRoutes, merchantInsightsRoutes } from './routes/insights.ts';
import { adminCharityRoutes } from './routes/admin-charities.ts';
import { impactRoutes } from './routes/impact.ts';
import { pushRoutes } from './routes/push/index.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { counterDeviceAdminRoutes, counterDeviceRoutes, merchantStaffRoutes, staffInviteRoutes } from './routes/staff.ts';

export type { AppDeps } from './context.ts';

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
  ['/member', memberPointsRoutes],
  ['/member/redemptions', memberRedemptionRoutes],
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
  ['/internal', internalRoutes],
  ['/merchant/insights', merchantInsightsRoutes],
  ['/admin/insights', adminInsightsRoutes],
  ['/admin/charities', adminCharityRoutes],
  ['/impact', impactRoutes],
  ['/push', pushRoutes],
  ['/merchant/staff', merchantStaffRoutes],
  ['/merchant/counter-devices', counterDeviceAdminRoutes],
  ['/auth/staff-invite', staffInviteRoutes],
  ['/counter', counterDeviceRoutes],
  ['/reviews', reviewRoutes],
];

/** Paths that authenticate by other means than the session cookie (signed webhooks). */
const originExempt = (path: string) =>
  path.startsWith('/api/stripe/webhook') || path === '/api/internal/drain-outbox' || path === '/api/internal/drain-push';

/** Builds the whole API. Runtime-neutral: the Deno entry and the local runner both mount it. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>().basePath('/api');
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
  // database work, so it stays cheap when many offline apps probe at once.
  app.get('/health', (c) => c.body(null, 204));
  app.use('*', bodyLimits());
  app.use('*', originGuard(originExempt));
  // A flood of sign-ins or resets waits here, holding nothing, never ahead of other routes (decision 175).
  app.use('*', accountGate());
  // Bodies are in (body-limit.ts) before the session lookup opens the request's transaction (decision 175).
  // The busiest signed-in reads send their one statement with the session lookup: one round trip (decision 130).
  app.use('*', sessionLoader([memberDealsAhead, publicDealsAhead, sessionUserAhead, notificationsAhead, followingAhead]));
  app.use('*', idempotency);

  // Each route module owns its own path prefix (no module is mounted at `/`), so no two modules answer the same
  // path and the order of these lines does not matter (routes.test.ts checks both).
  for (const [prefix, routes] of mounts) app.route(prefix, routes);

  // A catch-all route (not only notFound) so the JSON 404 also holds when this app is mounted.
  app.all('*', onNotFound);
  app.notFound(onNotFound);
  app.onError(onError);
  return app;
}

export type App = ReturnType<typeof createApp>;
