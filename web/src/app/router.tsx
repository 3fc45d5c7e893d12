import { Route, Routes } from 'react-router';
import { LoadingSplash } from '@/components/ui/loading-splash';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-me';
import { AdminDashboardPage } from '@/features/admin/components/admin-dashboard-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { RegisterPage } from '@/features/auth/components/register-page';
import { BrowseDealsPage } from '@/features/browse-deals/components/browse-deals-page';
import { AboutPage } from '@/features/marketing/components/about-page';
import { LandingPage } from '@/features/marketing/components/landing-page';
import { MemberHomePage } from '@/features/member/components/member-home-page';
import { MerchantCollabsPage } from '@/features/collabs/components/merchant-collabs-page';
import { MerchantCounterPage } from '@/features/merchant/components/counter/merchant-counter-page';
import { MerchantDashboardPage } from '@/features/merchant/components/merchant-dashboard-page';
import { MerchantDealsPage } from '@/features/merchant/components/merchant-deals-page';
import { NotificationsPage } from '@/features/notifications/components/notifications-page';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { SubscribePage } from '@/features/subscriptions/components/subscribe-page';
import { RedirectSignedIn } from './guards/redirect-signed-in';
import { RequireRole } from './guards/require-role';
import { NotFoundPage } from './routes/not-found-page';

/** The route table of spec section 2. Guards read the cached user, so nothing renders until it is known. */
export function AppRouter() {
  const { isPending } = useUser();
  if (isPending) return <LoadingSplash />;

  return (
    <Routes>
      <Route element={<RedirectSignedIn />}>
        <Route path={paths.landing} element={<LandingPage />} />
        <Route path={paths.login} element={<LoginPage />} />
        <Route path={paths.register} element={<RegisterPage />} />
      </Route>
      <Route path={paths.about} element={<AboutPage />} />
      <Route path={paths.subscribe} element={<SubscribePage />} />
      <Route path={paths.browseDeals} element={<BrowseDealsPage />} />

      <Route element={<RequireRole roles={['USER']} />}>
        <Route path={paths.memberDeals} element={<MemberHomePage />} />
        <Route path={paths.memberHome} element={<MemberHomePage />} />
        <Route path={paths.notifications} element={<NotificationsPage />} />
      </Route>
      <Route element={<RequireRole roles={['MERCHANT']} />}>
        <Route path={paths.merchant} element={<MerchantDashboardPage />} />
        <Route path={paths.merchantDeals} element={<MerchantDealsPage />} />
        <Route path={paths.merchantCollabs} element={<MerchantCollabsPage />} />
        <Route path={paths.merchantCounter} element={<MerchantCounterPage />} />
      </Route>
      <Route element={<RequireRole roles={['USER', 'MERCHANT', 'ADMIN']} />}>
        <Route path={paths.profile} element={<ProfilePage />} />
      </Route>
      <Route element={<RequireRole roles={['ADMIN']} />}>
        <Route path={paths.admin} element={<AdminDashboardPage />} />
      </Route>

      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
