import { useState } from 'react';
import { BackLink } from '@/components/layout/back-link';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInScreen } from '@/components/layout/signed-in-screen';
import { Tab, TabList, TabPanel, TabPanels, Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import type { BusinessSearchFilters } from '../api/search-businesses';
import { ActiveCollabsTab } from './active-collabs-tab';
import { BrowseBusinessesTab } from './browse-businesses-tab';
import { RequestsTab } from './requests-tab';

/** /merchant/collabs (spec: Local Collabs). Browse is the default tab; the other two load when opened. */
export function MerchantCollabsPage() {
  // Kept here so the search survives switching tabs (hidden panels unmount).
  const [filters, setFilters] = useState<BusinessSearchFilters>({ q: '', category: '', city: '' });

  return (
    <SignedInScreen homePath={paths.merchant}>
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to={paths.merchant}>Back to Dashboard</BackLink>
        <ScreenTitle subtitle="Connect with nearby businesses for mutual discount collaborations">Local Collabs</ScreenTitle>
        <Tabs defaultIndex={0}>
          <TabList>
            <Tab>Browse Businesses</Tab>
            <Tab>Requests</Tab>
            <Tab>Active Collabs</Tab>
          </TabList>
          <TabPanels>
            <TabPanel>
              <BrowseBusinessesTab filters={filters} onFiltersChange={setFilters} />
            </TabPanel>
            <TabPanel>
              <RequestsTab />
            </TabPanel>
            <TabPanel>
              <ActiveCollabsTab />
            </TabPanel>
          </TabPanels>
        </Tabs>
      </main>
    </SignedInScreen>
  );
}
