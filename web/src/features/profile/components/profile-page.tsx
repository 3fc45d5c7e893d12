import type { ReactNode } from 'react';
import { BackLink } from '@/components/layout/back-link';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInScreen } from '@/components/layout/signed-in-screen';
import { PaymentProblemBanner } from '@/components/billing/payment-problem-banner';
import { InstallAppCard } from '@/components/pwa/install-app-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { homePathForRole, paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-me';
import { useOnlineStatus } from '@/lib/network/connectivity';
import { useProfile } from '../api/get-profile';
import { EmailField } from './email-field';
import { MembershipCard } from './membership-card';
import { MemberBilling } from './member-billing';
import { NameForm } from './name-form';
import { ProfilePictureCard } from './profile-picture-card';
import { RedemptionsCard } from './redemptions-card';
import { MemberDataCard } from './member-data-card';
import { ReferralCard } from './referral-card';
import { PassDevicesCard } from './pass-devices-card';
import { DevicesCard } from './devices-card';
import { SecurityCard } from './security-card';

/**
 * /profile for every signed-in role: picture, name, read-only email, and (customers) membership management.
 * `memberReports`: the member's "offer not honoured" reports, from features/reviews (composed by the route).
 */
export function ProfilePage({ memberReports }: { memberReports?: ReactNode } = {}) {
  const { user } = useUser();
  const profile = useProfile();
  const online = useOnlineStatus();
  const home = user ? homePathForRole(user.role) : paths.memberHome;

  return (
    <SignedInScreen homePath={home}>
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to={home}>Back</BackLink>
        {/* Only a member has a membership here: a business owner, staff or admin manages details and sign-ins. */}
        <ScreenTitle subtitle={user?.role === 'USER' ? 'Manage your details and membership.' : 'Manage your details and sign-ins.'}>Profile</ScreenTitle>
        {!profile.data && (!online || profile.fetchStatus === 'paused') ? (
          // Offline with nothing saved on this device: say so instead of loading for ever (issue 31).
          <div className="rounded-2xl border border-dashed border-stone-300 p-6 text-stone-700">
            <p role="status">You're offline, and this device has no copy of your profile yet. Reconnect to see it.</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void profile.refetch()}>Try again</Button>
          </div>
        ) : profile.isPending ? (
          <p className="text-stone-600">Loading profile...</p>
        ) : profile.isError ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
            <p>Your profile could not be loaded.</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void profile.refetch()}>Try again</Button>
          </div>
        ) : (
          <>
            <Card>
              <CardHeader>
                <CardTitle>Your details</CardTitle>
              </CardHeader>
              <CardContent className="space-y-6">
                <ProfilePictureCard name={profile.data.name} picture={profile.data.profilePicture} />
                <NameForm current={profile.data.name} />
                <EmailField email={profile.data.email} verified={profile.data.emailVerified} />
              </CardContent>
            </Card>
            {user?.role === 'USER' && (
              <>
                <PaymentProblemBanner />
                <MembershipCard />
                <MemberBilling />
                <ReferralCard />
                <RedemptionsCard />
                {memberReports}
                <MemberDataCard />
                <PassDevicesCard />
              </>
            )}
            <InstallAppCard />
            <SecurityCard />
            <DevicesCard />
          </>
        )}
      </main>
    </SignedInScreen>
  );
}
