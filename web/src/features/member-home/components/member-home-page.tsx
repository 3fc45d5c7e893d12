import { useEffect, useState, type ReactNode } from 'react';
import { PaymentProblemBanner } from '@/components/billing/payment-problem-banner';
import { SignedInHeader } from '@/components/layout/signed-in-header';
import { ScreenTitle } from '@/components/layout/screen-title';
import { ButtonLink } from '@/components/ui/button';
import { Tab, TabList, TabPanel, TabPanels, Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-me';
import { pickDefaultCity } from '@/lib/cities';
import { useCities } from '@/lib/lookup/get-cities';
import { useSubscriptionStatus } from '@/lib/subscription/get-subscription-status';
import { CitySelector } from './city-selector';
import { InactivePrompt } from './inactive-prompt';
import { LocalDealsTab } from './local-deals-tab';
import { MemberCard, MemberPass, usePhoneLayout } from './member-card';
import { SubscriptionStatusCard } from './subscription-status-card';
import { greetingLine, isFirstVisit, rememberGreeted } from '../utils/greeting';

interface MemberHomePageProps {
  /** Composed by the app (the follow feature): a follow control for a deal's business. */
  renderFollowButton?: (merchantId: string, merchantName: string) => ReactNode;
  /** Composed by the app (the notifications feature): the header link with the unread count. */
  notificationsButton?: ReactNode;
  /** Composed by the app (the reviews feature): Comments and Rate for a deal's business. */
  renderReviewActions?: (merchantId: string, merchantName: string) => ReactNode;
  /** Composed by the app (the community feature): the Community Feed tab's content, the city's feed (decision 196). */
  communityFeed?: ReactNode;
  /** Composed by the app: the install offer, after the deals so it never pushes the first code down (issue 42). */
  installOffer?: ReactNode;
}

/** /app and /deals (spec: Member home). */
export function MemberHomePage({ renderFollowButton, notificationsButton, renderReviewActions, communityFeed, installOffer }: MemberHomePageProps) {
  const { user } = useUser();
  const status = useSubscriptionStatus();
  // The session user carries the status too; it stands in while the status call is pending or failed.
  const active = status.data?.isActive ?? user?.subscriptionStatus === 'active';
  const cities = useCities();
  const [chosenCityId, setChosenCityId] = useState<string>();
  const cityList = cities.data ?? [];
  const phone = usePhoneLayout();
  const city = cityList.find((c) => c.id === chosenCityId) ?? pickDefaultCity(cityList);
  // "Welcome" the first time, "Welcome back" after (issue 31); decided once per visit of the screen.
  const [firstVisit] = useState(() => user != null && isFirstVisit(user.id, user.createdAt, Date.now(), globalThis.localStorage));
  useEffect(() => {
    if (user) rememberGreeted(user.id, globalThis.localStorage);
  }, [user]);

  return (
    <div className="min-h-dvh">
      <SignedInHeader homePath={paths.memberHome}>
        {notificationsButton ?? <ButtonLink to={paths.notifications} variant="ghost" size="sm">Notifications</ButtonLink>}
        <ButtonLink to={paths.profile} variant="ghost" size="sm">Profile</ButtonLink>
      </SignedInHeader>
      {/* The code first (issues 31 and 42): on a phone the status card is two short rows, the second the member
          number and pass button, the card with the points follows the deals, and the city, search and
          categories sit behind a Filters button, so the first deal card and its code are on the first screen. */}
      <main className="mx-auto flex max-w-6xl flex-col gap-3 px-4 pt-3 pb-4 sm:gap-6 sm:px-6 sm:py-12">
        <ScreenTitle subtitle={<span className="hidden sm:inline">Your local deals, all in one place.</span>}>
          {greetingLine(user?.name, firstVisit)}
        </ScreenTitle>
        <PaymentProblemBanner />
        <SubscriptionStatusCard active={active} loading={status.isPending && !user} memberPass={active && phone ? <MemberPass tone="plain" /> : undefined} />

        {!active ? (
          <InactivePrompt />
        ) : (
          <>
            <div id="member-card" className="scroll-mt-20 max-sm:order-last">
              <MemberCard name={user?.name ?? ''} withPass={!phone} />
            </div>
            <Tabs>
              <TabList>
                <Tab>Local Deals</Tab>
                <Tab>Community Feed</Tab>
              </TabList>
              <TabPanels>
                <TabPanel className="max-sm:mt-3">
                  <LocalDealsTab
                    city={city}
                    renderFollowButton={renderFollowButton}
                    renderReviewActions={renderReviewActions}
                    citySelector={<CitySelector cities={cityList} value={city?.id} onChange={setChosenCityId} />}
                  />
                </TabPanel>
                <TabPanel>
                  {communityFeed}
                </TabPanel>
              </TabPanels>
            </Tabs>
            {installOffer}
          </>
        )}
      </main>
    </div>
  );
}
