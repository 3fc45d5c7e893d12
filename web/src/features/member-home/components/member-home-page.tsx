import { useState, type ReactNode } from 'react';
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
import { CommunityFeedTab } from './community-feed-tab';
import { InactivePrompt } from './inactive-prompt';
import { LocalDealsTab } from './local-deals-tab';
import { MemberCard } from './member-card';
import { SubscriptionStatusCard } from './subscription-status-card';

interface MemberHomePageProps {
  /** Composed by the app (the follow feature): a follow control for a deal's business. */
  renderFollowButton?: (merchantId: string, merchantName: string) => ReactNode;
  /** Composed by the app (the notifications feature): the header link with the unread count. */
  notificationsButton?: ReactNode;
  /** Composed by the app (the reviews feature): Comments and Rate for a deal's business. */
  renderReviewActions?: (merchantId: string, merchantName: string) => ReactNode;
}

/** /app and /deals (spec: Member home). */
export function MemberHomePage({ renderFollowButton, notificationsButton, renderReviewActions }: MemberHomePageProps) {
  const { user } = useUser();
  const status = useSubscriptionStatus();
  // The session user carries the status too; it stands in while the status call is pending or failed.
  const active = status.data?.isActive ?? user?.subscriptionStatus === 'active';
  const cities = useCities();
  const [chosenCityId, setChosenCityId] = useState<string>();
  const cityList = cities.data ?? [];
  const city = cityList.find((c) => c.id === chosenCityId) ?? pickDefaultCity(cityList);

  return (
    <div className="min-h-dvh">
      <SignedInHeader homePath={paths.memberHome}>
        {notificationsButton ?? <ButtonLink to={paths.notifications} variant="ghost" size="sm">Notifications</ButtonLink>}
        <ButtonLink to={paths.profile} variant="ghost" size="sm">Profile</ButtonLink>
      </SignedInHeader>
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <ScreenTitle subtitle="Your local deals, all in one place.">Welcome back, {user?.name ?? 'friend'}!</ScreenTitle>
        <PaymentProblemBanner />
        <SubscriptionStatusCard active={active} loading={status.isPending && !user} />

        {!active ? (
          <InactivePrompt />
        ) : (
          <>
            <MemberCard name={user?.name ?? ''} />
            <CitySelector cities={cityList} value={city?.id} onChange={setChosenCityId} />
            <Tabs>
              <TabList>
                <Tab>Local Deals</Tab>
                <Tab>Community Feed</Tab>
              </TabList>
              <TabPanels>
                <TabPanel>
                  <LocalDealsTab city={city} renderFollowButton={renderFollowButton} renderReviewActions={renderReviewActions} />
                </TabPanel>
                <TabPanel>
                  <CommunityFeedTab />
                </TabPanel>
              </TabPanels>
            </Tabs>
          </>
        )}
      </main>
    </div>
  );
}
