import { BackLink } from '@/components/layout/back-link';
import { ComingSoonCard } from '@/components/layout/coming-soon-card';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInHeader } from '@/components/layout/signed-in-header';
import { homePathForRole, paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-me';

/** /profile, for every signed-in role. Picture, name editing and membership management arrive later. */
export function ProfilePage() {
  const { user } = useUser();
  const home = user ? homePathForRole(user.role) : paths.memberHome;
  return (
    <div className="min-h-dvh">
      <SignedInHeader homePath={home} />
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to={home}>Back</BackLink>
        <ScreenTitle subtitle={user?.email}>Profile</ScreenTitle>
        <ComingSoonCard>Profile picture, name and membership settings will appear here.</ComingSoonCard>
      </main>
    </div>
  );
}
