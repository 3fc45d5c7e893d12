import { BackLink } from '@/components/layout/back-link';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInHeader } from '@/components/layout/signed-in-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/form-controls';
import { homePathForRole, paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-me';
import { useProfile } from '../api/get-profile';
import { MembershipCard } from './membership-card';
import { NameForm } from './name-form';
import { ProfilePictureCard } from './profile-picture-card';
import { SecurityCard } from './security-card';

/** /profile for every signed-in role: picture, name, read-only email, and (customers) membership management. */
export function ProfilePage() {
  const { user } = useUser();
  const profile = useProfile();
  const home = user ? homePathForRole(user.role) : paths.memberHome;

  return (
    <div className="min-h-dvh">
      <SignedInHeader homePath={home} />
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to={home}>Back</BackLink>
        <ScreenTitle subtitle="Manage your details and membership.">Profile</ScreenTitle>
        {profile.isPending ? (
          <p className="text-stone-600">Loading profile...</p>
        ) : profile.isError ? (
          <p role="alert" className="text-red-700">
            Your profile could not be loaded. Please try again.
          </p>
        ) : (
          <>
            <Card>
              <CardHeader>
                <CardTitle>Your details</CardTitle>
              </CardHeader>
              <CardContent className="space-y-6">
                <ProfilePictureCard name={profile.data.name} picture={profile.data.profilePicture} />
                <NameForm current={profile.data.name} />
                <Field id="profile-email" label="Email address" hint="To change your email address, please contact support.">
                  <div className="flex items-center gap-2">
                    <Input id="profile-email" type="email" value={profile.data.email} readOnly aria-describedby="profile-email-hint" className="bg-stone-50" />
                    <Badge variant="secondary">Verified</Badge>
                  </div>
                </Field>
              </CardContent>
            </Card>
            {user?.role === 'USER' && <MembershipCard />}
            <SecurityCard />
          </>
        )}
      </main>
    </div>
  );
}
