import { Component, type ReactNode, Suspense, useEffect } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import type { Role } from '@shared/constants.ts';
import { Button } from '@/components/ui/button';
import { LoadingSplash } from '@/components/ui/loading-splash';
import { APP_NAME } from '@/config/brand';
import { paths } from '@/config/paths';
import { CHUNK_LOAD_MESSAGE, isChunkLoadError } from '@/lib/api-error';
import { useUser } from '@/lib/auth/get-me';
import { RedirectSignedIn } from './guards/redirect-signed-in';
import { RequireRole } from './guards/require-role';
import { type LazyScreen, lazyScreen, type ScreenModule } from './lazy-screen';
import { Component as NotFound } from './routes/not-found';

/**
 * A route of docs/spec.md section 2, in react-router's route-object shape: a screen (its path, its name in the
 * browser tab, its route module in app/routes/ loaded lazily as its own chunk), or a guard (app/guards/) whose
 * Outlet shows the screens nested in it. The build's list of paths is screen-paths.ts.
 */
export interface AppRoute {
  path?: string;
  handle?: { title: string };
  lazy?: () => Promise<ScreenModule>;
  element?: ReactNode;
  children?: AppRoute[];
}

const MEMBER: readonly Role[] = ['USER'];
const MERCHANT: readonly Role[] = ['MERCHANT'];
/** The counter's screens: the owner and the business's staff (decision 166); every other merchant screen is the owner's. */
const COUNTER: readonly Role[] = ['MERCHANT', 'STAFF'];
const SIGNED_IN: readonly Role[] = ['USER', 'MERCHANT', 'ADMIN', 'STAFF'];

/** `/app` and `/deals` show the same screen: one loader, so the chunk that arrived for one renders the other at once. */
const memberHome = () => import('./routes/member-home');

export const routes: AppRoute[] = [
  {
    element: <RedirectSignedIn />,
    children: [
      { path: paths.landing, handle: { title: 'Save at local businesses' }, lazy: () => import('./routes/landing') },
      { path: paths.login, handle: { title: 'Sign in' }, lazy: () => import('./routes/login') },
      { path: paths.register, handle: { title: 'Create your account' }, lazy: () => import('./routes/register') },
    ],
  },
  { path: paths.forgotPassword, handle: { title: 'Forgot password' }, lazy: () => import('./routes/forgot-password') },
  { path: paths.resetPassword, handle: { title: 'Choose a new password' }, lazy: () => import('./routes/reset-password') },
  { path: paths.verifyEmail, handle: { title: 'Confirm your email' }, lazy: () => import('./routes/verify-email') },
  { path: paths.about, handle: { title: 'About' }, lazy: () => import('./routes/about') },
  { path: paths.subscribe, handle: { title: 'Membership plans' }, lazy: () => import('./routes/subscribe') },
  { path: paths.browseDeals, handle: { title: 'Browse deals' }, lazy: () => import('./routes/browse-deals') },
  { path: paths.dealLink, handle: { title: 'Deal' }, lazy: () => import('./routes/deal') },
  { path: paths.counterPair, handle: { title: 'Pair a counter tablet' }, lazy: () => import('./routes/counter-pair') },
  { path: paths.counterSwitch, handle: { title: 'Counter staff' }, lazy: () => import('./routes/counter-switch') },
  { path: paths.staffAccept, handle: { title: 'Join the counter' }, lazy: () => import('./routes/staff-accept') },
  { path: paths.impact, handle: { title: 'Our impact' }, lazy: () => import('./routes/impact') },
  { path: paths.giftBuy, handle: { title: 'Give Pay Local' }, lazy: () => import('./routes/gift-buy') },
  { path: paths.giftRedeem, handle: { title: 'Your gift' }, lazy: () => import('./routes/gift-redeem') },
  { path: paths.giftReceipt, handle: { title: 'Your gift receipt' }, lazy: () => import('./routes/gift-receipt') },
  { path: paths.privacy, handle: { title: 'Privacy' }, lazy: () => import('./routes/privacy') },
  { path: paths.terms, handle: { title: 'Terms' }, lazy: () => import('./routes/terms') },
  {
    element: <RequireRole roles={MEMBER} />,
    children: [
      { path: paths.memberHome, handle: { title: 'Your deals' }, lazy: memberHome },
      { path: paths.memberDeals, handle: { title: 'Your deals' }, lazy: memberHome },
      { path: paths.notifications, handle: { title: 'Notifications & Following' }, lazy: () => import('./routes/notifications') },
      { path: paths.testInvoice, handle: { title: 'Test invoice' }, lazy: () => import('./routes/test-invoice') },
    ],
  },
  {
    element: <RequireRole roles={MERCHANT} />,
    children: [
      { path: paths.merchant, handle: { title: 'Merchant dashboard' }, lazy: () => import('./routes/merchant') },
      { path: paths.merchantDeals, handle: { title: 'Manage deals' }, lazy: () => import('./routes/merchant-deals') },
      { path: paths.merchantCollabs, handle: { title: 'Local Collabs' }, lazy: () => import('./routes/merchant-collabs') },
      { path: paths.merchantInsights, handle: { title: 'Insights' }, lazy: () => import('./routes/merchant-insights') },
      { path: paths.merchantMonthlyReport, handle: { title: 'Monthly report' }, lazy: () => import('./routes/merchant-monthly-report') },
      { path: paths.merchantCommunity, handle: { title: 'Community' }, lazy: () => import('./routes/merchant-community') },
    ],
  },
  {
    element: <RequireRole roles={COUNTER} />,
    children: [
      { path: paths.merchantCounter, handle: { title: 'Counter' }, lazy: () => import('./routes/merchant-counter') },
      { path: paths.merchantCounterBoard, handle: { title: "Today's codes" }, lazy: () => import('./routes/merchant-counter-board') },
    ],
  },
  {
    element: <RequireRole roles={SIGNED_IN} />,
    children: [
      { path: paths.profile, handle: { title: 'Profile' }, lazy: () => import('./routes/profile') },
      { path: paths.receiptLink, handle: { title: 'Receipt' }, lazy: () => import('./routes/receipt') },
    ],
  },
  {
    element: <RequireRole roles={['ADMIN']} />,
    children: [
      { path: paths.admin, handle: { title: 'Admin dashboard' }, lazy: () => import('./routes/admin') },
      { path: paths.adminSystem, handle: { title: 'System' }, lazy: () => import('./routes/admin-system') },
    ],
  },
  { path: '*', handle: { title: 'Page not found' }, element: <NotFound /> },
];

// react-router's data routers (createBrowserRouter) would load `lazy` themselves, but their code adds ~17 KB
// gzipped to the entry chunk, over the 130 KB initial-JS budget of `/app`; `useRoutes` renders the same route
// objects. Each screen's loader lives in its route's handle, where preloadScreen finds it by pathname.
interface RouteHandle {
  title: string;
  screen?: LazyScreen;
}
const loaders = new Map<AppRoute['lazy'], LazyScreen>();
const toRouteObjects = (list: AppRoute[]): RouteObject[] =>
  list.map(({ lazy, children, handle, ...route }) => {
    const screen = lazy && (loaders.get(lazy) ?? loaders.set(lazy, lazyScreen(lazy)).get(lazy)!);
    return {
      ...route,
      handle: handle && { ...handle, screen },
      element: screen ? <screen.Screen /> : route.element,
      children: children && toRouteObjects(children),
    };
  });
const routeObjects = toRouteObjects(routes);
/**
 * Built once: the elements never change (rebuilding them was part of a long task on each render), and AppRouter
 * re-rendering (the session query's state) leaves the screen alone; it follows the location itself.
 */
const screens = <Screens />;
function Screens() {
  return useRoutes(routeObjects);
}

const handleOf = (pathname: string) => matchRoutes(routeObjects, pathname)?.at(-1)?.route.handle as RouteHandle | undefined;

/** The document title for a pathname: "<screen> · Pay Local", or "Page not found · Pay Local". */
export function documentTitle(pathname: string): string {
  return `${handleOf(pathname)?.title ?? 'Page not found'} · ${APP_NAME}`;
}

/**
 * Fetches the chunk of the screen at `pathname` while the app is still finding out who is signed in, instead of
 * after: the first paint then waits for the slower of the two, not for both in a row.
 */
export function preloadScreen(pathname: string): Promise<void> {
  const screen = handleOf(pathname)?.screen;
  return screen ? screen.preload().then(() => undefined, () => undefined) : Promise.resolve();
}

/**
 * Where an old "View Deal" link goes: notifications used to open `/app?deal=<id>` (decision 031); that address
 * now leads to the deal's own page, `/deals/<id>` (decision 115). Null for any other address.
 */
export function legacyDealRedirect(pathname: string, search: string): string | null {
  if (pathname.replace(/(.)\/+$/, '$1') !== paths.memberHome) return null;
  const dealId = new URLSearchParams(search).get('deal');
  return dealId ? paths.deal(dealId) : null;
}

/**
 * A screen whose chunk could not be downloaded (offline before it was ever cached) says so in words and offers to
 * try again, instead of the browser's "Failed to fetch dynamically imported module: <url>". React.lazy keeps a
 * failed import, so trying again reloads the page. Any other error passes on, as it did before this boundary.
 */
export class ScreenLoadBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
        <p role="alert" className="max-w-sm text-stone-800">{CHUNK_LOAD_MESSAGE}</p>
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </main>
    );
  }
}

/** The app's screens. Guards read the cached user, so nothing renders until it is known; the splash covers a screen's download too. */
export function AppRouter() {
  const { isPending, isConfirming } = useUser();
  const location = useLocation();
  // The tab names the screen (issue 31).
  useEffect(() => {
    document.title = documentTitle(location.pathname);
  }, [location.pathname]);
  const dealLink = legacyDealRedirect(location.pathname, location.search);
  if (dealLink) return <Navigate to={dealLink} replace />;
  if (isPending || isConfirming) return <LoadingSplash />;
  // Keyed by the path: going to another screen leaves a failed one behind.
  return (
    <ScreenLoadBoundary key={location.pathname}>
      <Suspense fallback={<LoadingSplash />}>{screens}</Suspense>
    </ScreenLoadBoundary>
  );
}
