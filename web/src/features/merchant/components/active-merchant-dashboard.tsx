import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ScreenTitle } from '@/components/layout/screen-title';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tab, TabList, TabPanel, TabPanels, Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useNow } from '@/lib/deals/code-clock';
import { useMerchantDeals } from '@/lib/merchant/get-merchant-deals';
import type { MerchantProfile } from '@/lib/merchant/get-merchant-me';
import { ActiveDealCodesCard } from './active-deal-codes-card';
import { CreateDealPanel } from './deals/create-deal-panel';
import { DealGridSkeleton, DealLoadError } from './deals/deal-list-states';
import { MerchantDealGrid } from './deals/merchant-deal-grid';
import { BusinessHistoryCard } from './business-history-card';
import { LogoCard } from './logo-card';

const tileClass =
  'group block rounded-2xl border border-stone-200 bg-white p-6 shadow-sm transition hover:border-brand-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** The approved merchant's home (spec: Merchant dashboard, active view). */
interface ActiveMerchantDashboardProps {
  merchant: MerchantProfile;
  /** Composed by the app (the notifications feature): posting an update to followers. */
  updateComposer?: ReactNode;
  /** Composed by the app (the counter-staff feature): staff invites and tablet pairing (decision 166). */
  staffCard?: ReactNode;
  /** Composed by the app (the reviews feature): ratings, replies and "offer not honoured" reports (issue 31). */
  reviewsCard?: ReactNode;
}

export function ActiveMerchantDashboard({ merchant, updateComposer, staffCard, reviewsCard }: ActiveMerchantDashboardProps) {
  const deals = useMerchantDeals();
  const nowMs = useNow();

  return (
    <div className="space-y-8">
      <ScreenTitle subtitle="Here's what's happening at your business.">Welcome, {merchant.name}</ScreenTitle>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <LogoCard merchant={merchant} />
        <ActiveDealCodesCard deals={deals.data} loading={deals.isPending} />
      </div>

      {updateComposer}

      {staffCard}

      {reviewsCard}

      <BusinessHistoryCard />

      <nav aria-label="Merchant tools" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Link to={paths.merchantDeals} className={tileClass}>
          <h2 className="text-lg font-semibold text-stone-900 group-hover:text-brand-800">Manage Deals</h2>
          <p className="mt-1 text-sm text-stone-600">Create, edit and pause your rotating-code deals.</p>
        </Link>
        <Link to={paths.merchantCollabs} className={tileClass}>
          <h2 className="text-lg font-semibold text-stone-900 group-hover:text-brand-800">Local Collabs</h2>
          <p className="mt-1 text-sm text-stone-600">Team up with nearby businesses on mutual discounts.</p>
        </Link>
        <Link to={paths.merchantCounter} className={tileClass}>
          <h2 className="text-lg font-semibold text-stone-900 group-hover:text-brand-800">Counter</h2>
          <p className="mt-1 text-sm text-stone-600">Verify member codes and record points on your tablet.</p>
        </Link>
        <Link to={paths.merchantInsights} className={tileClass}>
          <h2 className="text-lg font-semibold text-stone-900 group-hover:text-brand-800">Insights</h2>
          <p className="mt-1 text-sm text-stone-600">Redemptions, points and followers per day, with CSV export.</p>
        </Link>
        <Link to={paths.merchantLocations} className={tileClass}>
          <h2 className="text-lg font-semibold text-stone-900 group-hover:text-brand-800">Locations</h2>
          <p className="mt-1 text-sm text-stone-600">Addresses, map pins and opening hours of each shop.</p>
        </Link>
        <Link to={paths.merchantCommunity} className={tileClass}>
          <h2 className="text-lg font-semibold text-stone-900 group-hover:text-brand-800">Community</h2>
          <p className="mt-1 text-sm text-stone-600">Your town's feed: post news and link a deal.</p>
        </Link>
      </nav>

      <Card>
        <CardHeader><CardTitle>Your Deals</CardTitle></CardHeader>
        <CardContent>
          <Tabs>
            <TabList>
              <Tab>Create Deal</Tab>
              <Tab>My Deals</Tab>
            </TabList>
            <TabPanels>
              <TabPanel>
                <CreateDealPanel />
              </TabPanel>
              <TabPanel>
                {deals.isPending ? (
                  <DealGridSkeleton />
                ) : deals.isError ? (
                  <DealLoadError error={deals.error} onRetry={() => void deals.refetch()} />
                ) : deals.data.length === 0 ? (
                  <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">No deals yet. Create one in the first tab.</p>
                ) : (
                  <MerchantDealGrid deals={deals.data} nowMs={nowMs} place="dashboard" />
                )}
              </TabPanel>
            </TabPanels>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}
