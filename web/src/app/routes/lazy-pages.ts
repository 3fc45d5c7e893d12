import { lazy, type ComponentType } from 'react';
import { paths } from '@/config/paths';
import { loadFollowButton, loadNotificationsNavButton, loadPostUpdateCard } from './slots';

type PageModule = Record<string, unknown>;
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

interface LazyPage<P = object> {
  Page: ComponentType<P>;
  /** Starts downloading the page's chunk (idempotent: the browser and the bundler dedupe the import). */
  preload: () => Promise<unknown>;
}

/**
 * A route-level code-split page: each screen is its own chunk, so the first load of `/` or `/app`
 * carries only the shell plus that screen (quality budget: ≤ 130 KB of gzipped JS each).
 */
function lazyPage<M extends PageModule, K extends keyof M & string>(
  load: () => Promise<M>,
  exportName: K,
  /** Chunks the page shows at once (slots of other features), fetched alongside it. */
  alsoLoad: (() => Promise<unknown>)[] = [],
): LazyPage<PropsOf<M[K]>> {
  let loading: Promise<M> | null = null;
  const preload = () => {
    loading ??= load();
    for (const extra of alsoLoad) void extra().catch(() => undefined);
    return loading;
  };
  const Page = lazy(async () => ({ default: (await preload())[exportName] as ComponentType<PropsOf<M[K]>> }));
  return { Page, preload };
}

export const pages = {
  landing: lazyPage(() => import('@/features/marketing/components/landing-page'), 'LandingPage'),
  about: lazyPage(() => import('@/features/marketing/components/about-page'), 'AboutPage'),
  login: lazyPage(() => import('@/features/auth/components/login-page'), 'LoginPage'),
  register: lazyPage(() => import('@/features/auth/components/register-page'), 'RegisterPage'),
  forgotPassword: lazyPage(() => import('@/features/auth/components/forgot-password-page'), 'ForgotPasswordPage'),
  resetPassword: lazyPage(() => import('@/features/auth/components/reset-password-page'), 'ResetPasswordPage'),
  verifyEmail: lazyPage(() => import('@/features/auth/components/verify-email-page'), 'VerifyEmailPage'),
  subscribe: lazyPage(() => import('@/features/subscriptions/components/subscribe-page'), 'SubscribePage'),
  browseDeals: lazyPage(() => import('@/features/browse-deals/components/browse-deals-page'), 'BrowseDealsPage', [loadFollowButton]),
  memberHome: lazyPage(() => import('@/features/member/components/member-home-page'), 'MemberHomePage', [
    loadNotificationsNavButton,
    loadFollowButton,
  ]),
  notifications: lazyPage(() => import('@/features/notifications/components/notifications-page'), 'NotificationsPage'),
  merchant: lazyPage(() => import('@/features/merchant/components/merchant-dashboard-page'), 'MerchantDashboardPage', [loadPostUpdateCard]),
  merchantDeals: lazyPage(() => import('@/features/merchant/components/merchant-deals-page'), 'MerchantDealsPage'),
  merchantCollabs: lazyPage(() => import('@/features/collabs/components/merchant-collabs-page'), 'MerchantCollabsPage'),
  merchantCounter: lazyPage(() => import('@/features/merchant/components/counter/merchant-counter-page'), 'MerchantCounterPage'),
  merchantCounterBoard: lazyPage(() => import('@/features/merchant/components/counter/counter-board-page'), 'CounterBoardPage'),
  profile: lazyPage(() => import('@/features/profile/components/profile-page'), 'ProfilePage'),
  admin: lazyPage(() => import('@/features/admin/components/admin-dashboard-page'), 'AdminDashboardPage'),
};

const PAGE_BY_PATH: Record<string, { preload: () => Promise<unknown> }> = {
  [paths.landing]: pages.landing,
  [paths.about]: pages.about,
  [paths.login]: pages.login,
  [paths.register]: pages.register,
  [paths.forgotPassword]: pages.forgotPassword,
  [paths.resetPassword]: pages.resetPassword,
  [paths.verifyEmail]: pages.verifyEmail,
  [paths.subscribe]: pages.subscribe,
  [paths.browseDeals]: pages.browseDeals,
  [paths.memberDeals]: pages.memberHome,
  [paths.memberHome]: pages.memberHome,
  [paths.notifications]: pages.notifications,
  [paths.merchant]: pages.merchant,
  [paths.merchantDeals]: pages.merchantDeals,
  [paths.merchantCollabs]: pages.merchantCollabs,
  [paths.merchantCounter]: pages.merchantCounter,
  [paths.merchantCounterBoard]: pages.merchantCounterBoard,
  [paths.profile]: pages.profile,
  [paths.admin]: pages.admin,
};

/**
 * Fetches the chunk of the screen at `pathname` while the app is still finding out who is signed in,
 * instead of after: the first paint then waits for the slower of the two, not for both in a row.
 */
export function preloadPageFor(pathname: string) {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  void PAGE_BY_PATH[normalised]?.preload().catch(() => undefined);
}
