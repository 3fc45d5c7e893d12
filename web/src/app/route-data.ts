import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@shared/contract/index.ts';
import { homePathForRole, paths } from '@/config/paths';
import { authKeys } from '@/lib/auth/get-me';
import { memberDealsQueryOptions } from '@/features/member-home/api/get-member-deals';
import { followingQueryOptions } from '@/features/follows-and-updates/api/get-following';
import { notificationsQueryOptions } from '@/features/follows-and-updates/api/get-notifications';
import { pickDefaultCity } from '@/lib/cities';
import { citiesQueryOptions } from '@/lib/lookup/get-cities';
import { subscriptionStatusQueryOptions } from '@/lib/subscription/get-subscription-status';
import { screenPaths } from './screen-paths';

/** The member home's paths (`/app`, `/deals`), a trailing slash ignored. */
const isMemberHome = (pathname: string) =>
  (screenPaths['member-home'] as readonly string[]).includes(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * The data the member home shows at once, asked for as soon as the signed-in user is known, while the
 * screen's code still downloads. The screen's first render then has its answers, instead of asking only
 * after it mounts and rendering once more per answer (a waterfall on a slow network, long tasks on a slow
 * phone). The screen's own queries share these requests (same keys); nothing is fetched twice.
 */
function prefetchRouteData(pathname: string, user: SessionUser, queryClient: QueryClient, secondary: boolean): Promise<unknown> {
  if (user.role !== 'USER' || !isMemberHome(pathname)) return Promise.resolve();
  if (secondary) {
    void queryClient.prefetchQuery(subscriptionStatusQueryOptions());
    void queryClient.prefetchQuery(notificationsQueryOptions());
    void queryClient.prefetchQuery(followingQueryOptions());
  }
  // Deals are for active members only; the screen picks the same default city.
  if (user.subscriptionStatus !== 'active') return Promise.resolve();
  return queryClient
    .fetchQuery(citiesQueryOptions())
    .then((cities) => {
      const city = pickDefaultCity(cities);
      if (city) return queryClient.prefetchInfiniteQuery(memberDealsQueryOptions(city.id, 'all'));
    })
    .catch(() => undefined);
}

/**
 * True while the app prepares React's first commit (app/first-screen-ready.ts). The user is then known
 * before the screen renders, and the screen asks for its secondary data (membership status, notifications,
 * follows: a badge and button states) itself when it mounts, right after the first commit; asked here, those
 * requests would only compete with the first screen's own (decision 145).
 */
let preparingFirstCommit = false;
export function setPreparingFirstCommit(preparing: boolean): void {
  preparingFirstCommit = preparing;
}

/** The latest prefetch's deals (prefetches never fail: an error stays in its query for the screen to show). */
let screenData: Promise<unknown> = Promise.resolve();

/** Resolves when the first page of deals prefetched for the signed-in user's screen has answered (or failed). */
export function screenDataSettled(): Promise<void> {
  return screenData.then(() => undefined, () => undefined);
}

/**
 * Screens that send a signed-in user on to their home (router.tsx wraps them in RedirectSignedIn; router.test.tsx
 * checks the two agree): what to prefetch is that home's data.
 */
export const REDIRECTING_SCREENS: readonly string[] = [paths.landing, paths.login, paths.register];

/**
 * Starts `prefetchRouteData` the moment the signed-in user is known (once per user): when GET /api/auth/me
 * answers, or a sign-in replaces the cached user. It prefetches for the screen the app is on, or for the
 * user's home when that screen is about to redirect there. Waiting for the router to render first cost a few
 * hundred milliseconds on a phone.
 */
export function prefetchOnSignIn(queryClient: QueryClient, currentPath = () => window.location.pathname): () => void {
  const meHash = hashKey(authKeys.me);
  let doneFor: string | null = null;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== meHash) return;
    const user = event.query.state.data as SessionUser | null | undefined;
    if (!user || user.id === doneFor) return;
    doneFor = user.id;
    const path = currentPath();
    screenData = prefetchRouteData(REDIRECTING_SCREENS.includes(path) ? homePathForRole(user.role) : path, user, queryClient, !preparingFirstCommit);
  });
}
