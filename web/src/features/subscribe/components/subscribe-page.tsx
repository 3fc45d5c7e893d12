import { Link } from 'react-router';
import { BackLink } from '@/components/layout/back-link';
import { ComingSoonCard } from '@/components/layout/coming-soon-card';
import { ScreenTitle } from '@/components/layout/screen-title';
import { paths } from '@/config/paths';

/** /subscribe (public). Plans, the account form and payment arrive with the subscription issue. */
export function SubscribePage() {
  return (
    <main className="mx-auto min-h-dvh max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
      <BackLink to={paths.landing}>Back to home</BackLink>
      <ScreenTitle subtitle="One membership, every local deal.">Subscribe</ScreenTitle>
      <ComingSoonCard>Membership plans will appear here.</ComingSoonCard>
      <p className="text-sm text-stone-700">
        Already a member?{' '}
        <Link to={paths.login} className="font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700">
          Sign in
        </Link>
      </p>
    </main>
  );
}
