import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PublicColumn } from '@/components/layout/public-page';
import { paths } from '@/config/paths';
import { JoinLinks, MarketingPage } from './marketing-page';

const MISSION_POINTS = [
  { title: 'Exposure for small business', text: 'Independent and family-owned shops get in front of locals who want to spend close to home.' },
  { title: 'Discounts for locals', text: 'Members save every week with fresh, rotating codes redeemed right at the counter.' },
  {
    title: 'Support for charities',
    text: '10% of all profits go to local charities and youth programs, and 10% of each subscription goes to the charity a member chooses.',
    link: { label: 'See where the money goes', to: paths.impact },
  },
] as { title: string; text: string; link?: { label: string; to: string } }[];

export function AboutPage() {
  return (
    <MarketingPage other={{ label: 'Home', to: paths.landing }}>
      <PublicColumn
        width="max-w-4xl"
        heading="centred"
        title="About Pay Local"
        intro="A membership that keeps money in our towns: members save, local businesses grow, and neighbors in need are supported."
      >

        <Card>
          <CardHeader>
            <CardTitle className="text-2xl">Our Mission</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-4 md:grid-cols-3">
              {MISSION_POINTS.map((point) => (
                <li key={point.title} className="rounded-xl bg-brand-50 p-4">
                  <h3 className="font-semibold text-brand-900">{point.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-stone-700">{point.text}</p>
                  {point.link && (
                    <Link className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900" to={point.link.to}>
                      {point.link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="text-2xl">Meet Our Founder</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-5 sm:flex-row sm:items-start">
            <div aria-hidden="true" className="flex size-20 shrink-0 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-white">
              PL
            </div>
            <div className="space-y-3 leading-relaxed text-stone-700">
              <p>
                Pay Local was founded by a small-town Coloradan who grew up working behind the counter of the family shop on Main
                Street. Watching neighbors drive past local favorites to big-box chains, the founder saw how hard it was for
                independent owners to be noticed, and how much locals would save if those owners had a simple way to reach them.
              </p>
              <p>
                The idea became Pay Local: one affordable membership, fair rotating codes that protect every merchant's offer, and a
                promise that a share of every dollar stays in the community through local charities and youth programs.
              </p>
            </div>
          </CardContent>
        </Card>

        <section aria-labelledby="join-title" className="rounded-2xl bg-brand-800 px-6 py-10 text-center text-white shadow-sm sm:px-10">
          <h2 id="join-title" className="text-2xl font-bold sm:text-3xl">Join Our Community</h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-50">
            Whether you love saving at local spots or you run one, there's a place for you here.
          </p>
          <JoinLinks
            className="mt-6 flex flex-col justify-center gap-3 sm:flex-row"
            size="lg"
            links={[
              { to: paths.subscribe, label: 'Start Saving Today', variant: 'inverse' },
              { to: paths.registerMerchant, label: 'List Your Business', variant: 'outlineOnDark' },
            ]}
          />
        </section>
      </PublicColumn>
    </MarketingPage>
  );
}
