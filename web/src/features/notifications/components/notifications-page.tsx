import { BackLink } from '@/components/layout/back-link';
import { ComingSoonCard } from '@/components/layout/coming-soon-card';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInHeader } from '@/components/layout/signed-in-header';
import { paths } from '@/config/paths';

/** /notifications. The two tabs (notifications, following) arrive with the notifications issue. */
export function NotificationsPage() {
  return (
    <div className="min-h-dvh">
      <SignedInHeader homePath={paths.memberHome} />
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to={paths.memberHome}>Back</BackLink>
        <ScreenTitle>Notifications &amp; Following</ScreenTitle>
        <ComingSoonCard>Updates from the businesses you follow will appear here.</ComingSoonCard>
      </main>
    </div>
  );
}
