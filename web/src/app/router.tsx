import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingSplash } from '@/components/ui/loading-splash';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-me';
import { RedirectSignedIn } from './guards/redirect-signed-in';
import { RequireRole } from './guards/require-role';
import { pages } from './routes/lazy-pages';
import { followButton, notificationsButton, updateComposer } from './routes/slots';
import { NotFoundPage } from './routes/not-found-page';

/**
 * The route table of spec section 2. Guards read the cached user, so nothing renders until it is known.
 * Every screen is a lazily loaded chunk (see routes/lazy-pages.ts); the splash covers its download too.
 */
export function AppRouter() {
  const { isPending, isConfirming } = useUser();
  if (isPending || isConfirming) return <LoadingSplash />;

  return (
    <Suspense fallback={<LoadingSplash />}>
      <Routes>
        <Route element={<RedirectSignedIn />}>
          <Route path={paths.landing} element={<pages.landing.Page />} />
          <Route path={paths.login} element={<pages.login.Page />} />
          <Route path={paths.register} element={<pages.register.Page />} />
        </Route>
        <Route path={paths.forgotPassword} element={<pages.forgotPassword.Page />} />
        <Route path={paths.resetPassword} element={<pages.resetPassword.Page />} />
        <Route path={paths.verifyEmail} element={<pages.verifyEmail.Page />} />
        <Route path={paths.about} element={<pages.about.Page />} />
        <Route path={paths.subscribe} element={<pages.subscribe.Page />} />
        <Route path={paths.browseDeals} element={<pages.browseDeals.Page renderFollowButton={followButton} />} />

        <Route element={<RequireRole roles={['USER']} />}>
          <Route path={paths.memberDeals} element={<pages.memberHome.Page renderFollowButton={followButton} notificationsButton={notificationsButton} />} />
          <Route path={paths.memberHome} element={<pages.memberHome.Page renderFollowButton={followButton} notificationsButton={notificationsButton} />} />
          <Route path={paths.notifications} element={<pages.notifications.Page />} />
        </Route>
        <Route element={<RequireRole roles={['MERCHANT']} />}>
          <Route path={paths.merchant} element={<pages.merchant.Page updateComposer={updateComposer} />} />
          <Route path={paths.merchantDeals} element={<pages.merchantDeals.Page />} />
          <Route path={paths.merchantCollabs} element={<pages.merchantCollabs.Page />} />
          <Route path={paths.merchantCounter} element={<pages.merchantCounter.Page />} />
          <Route path={paths.merchantCounterBoard} element={<pages.merchantCounterBoard.Page />} />
        </Route>
        <Route element={<RequireRole roles={['USER', 'MERCHANT', 'ADMIN']} />}>
          <Route path={paths.profile} element={<pages.profile.Page />} />
        </Route>
        <Route element={<RequireRole roles={['ADMIN']} />}>
          <Route path={paths.admin} element={<pages.admin.Page />} />
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
