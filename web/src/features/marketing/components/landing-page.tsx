import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { FeatureBlurbs } from './feature-blurbs';
import { JoinLinks, MarketingPage } from './marketing-page';

export function LandingPage() {
  return (
    <MarketingPage other={{ label: 'About', to: paths.about }}>
      <main className="flex-1">
        <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-100/70 via-brand-50 to-cream">
          <div className="mx-auto max-w-6xl px-4 pb-16 pt-12 text-center sm:px-6 sm:pb-24 sm:pt-20">
            <h1 id="hero-title" className="text-5xl font-extrabold tracking-tight sm:text-6xl lg:text-7xl">
              <span className="block text-brand-800">Pay Local</span>
              <span className="block text-stone-900">Save Big</span>
              <span className="mt-2 block text-3xl font-bold text-amber-800 sm:text-4xl lg:text-5xl">Support Community</span>
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-stone-700">
              One membership unlocks rotating discount codes from small, family-owned businesses in your town, and 10% of all
              profits go to local charities and youth programs. <Link className="inline-block py-1 font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900" to={paths.impact}>See where the money goes</Link>
            </p>

            <div className="mx-auto mt-10 flex max-w-md flex-col gap-3">
              <ButtonLink to={paths.subscribe} size="lg" className="w-full">
                Subscribe - Access All Local Deals
              </ButtonLink>
              <ButtonLink to={paths.browseDeals} size="lg" variant="outline" className="w-full" aria-describedby="browse-note">
                Browse Deals
              </ButtonLink>
              <p id="browse-note" className="text-sm text-stone-600">
                A subscription is required to access deal codes.
              </p>
            </div>

            <JoinLinks
              className="mx-auto mt-8 grid max-w-md grid-cols-1 gap-3 sm:grid-cols-2"
              wide
              links={[
                { to: paths.register, label: 'Join as Customer', variant: 'secondary' },
                { to: paths.registerMerchant, label: 'Become a Merchant', variant: 'secondary' },
              ]}
            />
          </div>
        </section>

        <section aria-labelledby="why-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
          <h2 id="why-title" className="mb-8 text-center text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
            Why members love Pay Local
          </h2>
          <FeatureBlurbs />
        </section>
      </main>
    </MarketingPage>
  );
}
