import type { Role } from '@shared/constants.ts';
import { paths } from '../../config/paths';

// The route table of docs/spec.md section 2 (docs/spec.md), as data. Read by the router (router.tsx), the preloaders
// (lazy-pages.ts: a screen's code; route-data.ts: a screen's data) and the build (scripts/vite/route-preloads.ts:
// modulepreload links in index.html; vite.config.ts: the service worker's app-shell routes). Plain data with no
// React and no imports of features, so the build can load it in Node.

/**
 * Controls one feature shows on another feature's screen (features never import each other). Each lives in a
 * feature's `slots/` folder and is its own chunk, fetched together with the screens that show it.
 */
export const slotModules = {
  followButton: 'features/follows-and-updates/slots/follow-button',
  notificationsButton: 'features/follows-and-updates/slots/notifications-nav-button',
  updateComposer: 'features/follows-and-updates/slots/post-update-card',
  staffCard: 'features/counter-staff/slots/staff-card',
  counterStaffBar: 'features/counter-staff/slots/counter-staff-bar',
  reviewActions: 'features/reviews/slots/review-actions',
  merchantReviewsCard: 'features/reviews/slots/merchant-reviews-card',
  adminReviewQueue: 'features/reviews/slots/admin-review-queue',
} as const;

export type SlotName = keyof typeof slotModules;

interface PageModule {
  /** The page's module under web/src, without extension: a `features/<feature>/components/<name>-page.tsx`. */
  readonly module: string;
  /** The component the module exports. */
  readonly exportName: string;
  /** Props the page takes from slots: prop name → slot. */
  readonly slots?: Readonly<Record<string, SlotName>>;
}

/** Every screen: its own lazily loaded chunk. */
export const pageModules = {
  landing: { module: 'features/marketing/components/landing-page', exportName: 'LandingPage' },
  about: { module: 'features/marketing/components/about-page', exportName: 'AboutPage' },
  login: { module: 'features/auth/components/login-page', exportName: 'LoginPage' },
  register: { module: 'features/auth/components/register-page', exportName: 'RegisterPage' },
  forgotPassword: { module: 'features/auth/components/forgot-password-page', exportName: 'ForgotPasswordPage' },
  resetPassword: { module: 'features/auth/components/reset-password-page', exportName: 'ResetPasswordPage' },
  verifyEmail: { module: 'features/auth/components/verify-email-page', exportName: 'VerifyEmailPage' },
  subscribe: { module: 'features/subscriptions/components/subscribe-page', exportName: 'SubscribePage' },
  browseDeals: {
    module: 'features/browse-deals/components/browse-deals-page', exportName: 'BrowseDealsPage',
    slots: { renderFollowButton: 'followButton' },
  },
  memberHome: {
    module: 'features/member-home/components/member-home-page', exportName: 'MemberHomePage',
    slots: { notificationsButton: 'notificationsButton', renderFollowButton: 'followButton', renderReviewActions: 'reviewActions' },
  },
  notifications: { module: 'features/follows-and-updates/components/notifications-page', exportName: 'NotificationsPage' },
  merchant: {
    module: 'features/merchant/components/merchant-dashboard-page', exportName: 'MerchantDashboardPage',
    slots: { updateComposer: 'updateComposer', staffCard: 'staffCard', reviewsCard: 'merchantReviewsCard' },
  },
  merchantDeals: { module: 'features/merchant/components/merchant-deals-page', exportName: 'MerchantDealsPage' },
  merchantCollabs: { module: 'features/collabs/components/merchant-collabs-page', exportName: 'MerchantCollabsPage' },
  merchantCounter: {
    module: 'features/counter/components/merchant-counter-page', exportName: 'MerchantCounterPage',
    slots: { staffBar: 'counterStaffBar' },
  },
  counterPair: { module: 'features/counter-staff/components/counter-pair-page', exportName: 'CounterPairPage' },
  counterSwitch: { module: 'features/counter-staff/components/counter-switch-page', exportName: 'CounterSwitchPage' },
  staffAccept: { module: 'features/counter-staff/components/staff-accept-page', exportName: 'StaffAcceptPage' },
  merchantCounterBoard: { module: 'features/counter/components/counter-board-page', exportName: 'CounterBoardPage' },
  merchantInsights: { module: 'features/insights/components/merchant-insights-page', exportName: 'MerchantInsightsPage' },
  profile: { module: 'features/profile/components/profile-page', exportName: 'ProfilePage' },
  admin: {
    module: 'features/admin/components/admin-dashboard-page', exportName: 'AdminDashboardPage',
    slots: { reviewQueue: 'adminReviewQueue' },
  },
  dealLink: {
    module: 'features/deal-links/components/deal-page', exportName: 'DealPage',
    slots: { renderFollowButton: 'followButton', renderReviewActions: 'reviewActions' },
  },
  impact: { module: 'features/impact/components/impact-page', exportName: 'ImpactPage' },
  privacy: { module: 'features/marketing/components/privacy-page', exportName: 'PrivacyPage' },
  terms: { module: 'features/marketing/components/terms-page', exportName: 'TermsPage' },
  testInvoice: { module: 'features/profile/components/test-invoice-page', exportName: 'TestInvoicePage' },
} as const satisfies Record<string, PageModule>;

export type PageName = keyof typeof pageModules;

/** Who may open a screen: anyone; only the signed out (a signed-in user is sent home); or these roles. */
export type Access = 'anyone' | 'signed-out' | readonly Role[];

export interface RouteEntry {
  readonly path: string;
  readonly page: PageName;
  readonly access: Access;
  /** Data asked for the moment the signed-in user is known, while the screen's code downloads (route-data.ts). */
  readonly prefetch?: 'memberHome';
}

const MEMBER = ['USER'] as const;
const MERCHANT = ['MERCHANT'] as const;
/** The counter's screens: the owner and the business's staff (decision 166); every other merchant screen is the owner's. */
const COUNTER = ['MERCHANT', 'STAFF'] as const;
const SIGNED_IN = ['USER', 'MERCHANT', 'ADMIN', 'STAFF'] as const;

export const routeTable: readonly RouteEntry[] = [
  { path: paths.landing, page: 'landing', access: 'signed-out' },
  { path: paths.login, page: 'login', access: 'signed-out' },
  { path: paths.register, page: 'register', access: 'signed-out' },
  { path: paths.forgotPassword, page: 'forgotPassword', access: 'anyone' },
  { path: paths.resetPassword, page: 'resetPassword', access: 'anyone' },
  { path: paths.verifyEmail, page: 'verifyEmail', access: 'anyone' },
  { path: paths.about, page: 'about', access: 'anyone' },
  { path: paths.subscribe, page: 'subscribe', access: 'anyone' },
  { path: paths.browseDeals, page: 'browseDeals', access: 'anyone' },
  { path: paths.dealLink, page: 'dealLink', access: 'anyone' },
  { path: paths.memberDeals, page: 'memberHome', access: MEMBER, prefetch: 'memberHome' },
  { path: paths.memberHome, page: 'memberHome', access: MEMBER, prefetch: 'memberHome' },
  { path: paths.notifications, page: 'notifications', access: MEMBER },
  { path: paths.merchant, page: 'merchant', access: MERCHANT },
  { path: paths.merchantDeals, page: 'merchantDeals', access: MERCHANT },
  { path: paths.merchantCollabs, page: 'merchantCollabs', access: MERCHANT },
  { path: paths.merchantInsights, page: 'merchantInsights', access: MERCHANT },
  { path: paths.merchantCounter, page: 'merchantCounter', access: COUNTER },
  { path: paths.merchantCounterBoard, page: 'merchantCounterBoard', access: COUNTER },
  { path: paths.counterPair, page: 'counterPair', access: 'anyone' },
  { path: paths.counterSwitch, page: 'counterSwitch', access: 'anyone' },
  { path: paths.staffAccept, page: 'staffAccept', access: 'anyone' },
  { path: paths.profile, page: 'profile', access: SIGNED_IN },
  { path: paths.admin, page: 'admin', access: ['ADMIN'] },
  { path: paths.impact, page: 'impact', access: 'anyone' },
  { path: paths.privacy, page: 'privacy', access: 'anyone' },
  { path: paths.terms, page: 'terms', access: 'anyone' },
  { path: paths.testInvoice, page: 'testInvoice', access: MEMBER },
];

/** A route path as a pattern: `:name` stands for one non-empty path segment (`/deals/:id`). */
export function routePattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/** The entry for a pathname (a trailing slash ignored), if it is one of the app's screens. */
export function routeFor(pathname: string): RouteEntry | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routeTable.find((route) => route.path === normalised) ??
    routeTable.find((route) => route.path.includes(':') && routePattern(route.path).test(normalised));
}

/** The modules (under web/src, no extension) a screen shows at once: its page and the slots it renders. */
export function modulesOf(page: PageName): string[] {
  return [pageModules[page].module, ...Object.values(slotsOf(page)).map((slot) => slotModules[slot])];
}

/** The page's slot props: prop name → slot. */
export function slotsOf(page: PageName): Readonly<Record<string, SlotName>> {
  return (pageModules[page] as PageModule).slots ?? {};
}
