import { ButtonLink } from '@/components/ui/button';
import { ComingSoonCard } from '@/components/layout/coming-soon-card';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInHeader } from '@/components/layout/signed-in-header';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-me';

/** /app and /deals. Subscription status, city deals and the community feed arrive with the member issue. */
export function MemberHomePage() {
  const { user } = useUser();
  return (
    <div className="min-h-dvh">
      <SignedInHeader homePath={paths.memberHome}>
        <ButtonLink to={paths.notifications} variant="ghost" size="sm">
          Notifications
        </ButtonLink>
        <ButtonLink to={paths.profile} variant="ghost" size="sm">
          Profile
        </ButtonLink>
      </SignedInHeader>
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <ScreenTitle subtitle="Your local deals, all in one place.">Welcome back, {user?.name ?? 'friend'}!</ScreenTitle>
        <ComingSoonCard>Deals from businesses in your city will appear here.</ComingSoonCard>
      </main>
    </div>
  );
}
