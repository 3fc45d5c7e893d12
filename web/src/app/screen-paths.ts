import { paths } from '../config/paths';

/**
 * Every screen's paths, by the name of its route module (`app/routes/<name>.tsx`, which router.tsx loads lazily).
 * Plain data with no React, so the build loads it in Node: the service worker answers these paths with the app
 * shell offline (vite.config.ts), and index.html preloads each path's chunks (scripts/vite/route-preloads.ts).
 * router.test.tsx checks that the router serves exactly these paths, each from the module of that name.
 */
export const screenPaths = {
  landing: [paths.landing],
  login: [paths.login],
  register: [paths.register],
  'forgot-password': [paths.forgotPassword],
  'reset-password': [paths.resetPassword],
  'verify-email': [paths.verifyEmail],
  about: [paths.about],
  subscribe: [paths.subscribe],
  'gift-buy': [paths.giftBuy],
  'gift-redeem': [paths.giftRedeem],
  'gift-receipt': [paths.giftReceipt],
  'browse-deals': [paths.browseDeals],
  deal: [paths.dealLink],
  'member-home': [paths.memberHome, paths.memberDeals],
  notifications: [paths.notifications],
  'test-invoice': [paths.testInvoice],
  merchant: [paths.merchant],
  'merchant-deals': [paths.merchantDeals],
  'merchant-collabs': [paths.merchantCollabs],
  'merchant-insights': [paths.merchantInsights],
  'merchant-monthly-report': [paths.merchantMonthlyReport],
  'merchant-community': [paths.merchantCommunity],
  'merchant-locations': [paths.merchantLocations],
  'merchant-counter': [paths.merchantCounter],
  'merchant-counter-board': [paths.merchantCounterBoard],
  'counter-pair': [paths.counterPair],
  'counter-switch': [paths.counterSwitch],
  'staff-accept': [paths.staffAccept],
  profile: [paths.profile],
  receipt: [paths.receiptLink],
  admin: [paths.admin],
  'admin-system': [paths.adminSystem],
  impact: [paths.impact],
  privacy: [paths.privacy],
  terms: [paths.terms],
} as const satisfies Record<string, readonly string[]>;
