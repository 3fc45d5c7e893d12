import { type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LoadingSplash } from '@/components/ui/loading-splash';
import { useUser } from '@/lib/auth/get-me';
import { RedirectSignedIn } from './guards/redirect-signed-in';
import { RequireRole } from './guards/require-role';
import { legacyDealRedirect } from './routes/legacy-deal-link';
import { pages } from './routes/lazy-pages';
import { NotFoundPage } from './routes/not-found-page';
import { documentTitle } from './routes/page-titles';
import { type Access, type RouteEntry, routeTable, slotsOf } from './routes/route-table';
import { slotValues } from './routes/slots';

/** The props a page takes from slots (route-table.ts names them). */
function slotProps(page: RouteEntry['page']) {
  return Object.fromEntries(Object.entries(slotsOf(page)).map(([prop, slot]) => [prop, slotValues[slot]]));
}

function guardFor(access: Access) {
  if (access === 'anyone') return null;
  if (access === 'signed-out') return <RedirectSignedIn />;
  return <RequireRole roles={access} />;
}

/** Consecutive routes with the same access share one guard (one layout route), as a hand-written table would. */
function groupByAccess(routes: readonly RouteEntry[]) {
  const groups: RouteEntry[][] = [];
  for (const route of routes) {
    const last = groups.at(-1);
    if (last && JSON.stringify(last[0].access) === JSON.stringify(route.access)) last.push(route);
    else groups.push([route]);
  }
  return groups;
}

/**
 * The route table of docs/spec.md section 2 (routes/route-table.ts). Guards read the cached user, so nothing renders
 * until it is known. Every screen is a lazily loaded chunk (see routes/lazy-pages.ts); the splash covers its
 * download too.
 */
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

  return <Suspense fallback={<LoadingSplash />}>{routes()}</Suspense>;
}

/** The route elements never change: built once (rebuilding them was part of a long task on each render). */
let routeElements: ReactNode = null;
function routes(): ReactNode {
  routeElements ??= (
    <Routes>
      {groupByAccess(routeTable).map((group) => {
        const routes = group.map(({ path, page }) => {
          const { Page } = pages[page];
          return <Route key={path} path={path} element={<Page {...slotProps(page)} />} />;
        });
        const guard = guardFor(group[0].access);
        return guard ? <Route key={group[0].path} element={guard}>{routes}</Route> : routes;
      })}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
  return routeElements;
}
