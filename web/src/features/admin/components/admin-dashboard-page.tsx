import type { ReactNode } from 'react';
import { ScreenTitle } from '@/components/layout/screen-title';
import { ButtonLink } from '@/components/ui/button';
import { SignedInScreen } from '@/components/layout/signed-in-screen';
import { Spinner } from '@/components/ui/spinner';
import { Tab, TabList, TabPanel, TabPanels, Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { errorStatus } from '@/lib/api-error';
import { useAdminMetrics } from '../api/get-admin-metrics';
import { AccessDenied } from './access-denied';
import { CityManagement } from './city-management';
import { AuditLog } from './audit-log';
import { CharityManagement } from './charity-management';
import { DisputeList } from './dispute-list';
import { MerchantManagement } from './merchant-management';
import { MetricCards } from './metric-cards';
import { PlatformInsights } from './platform-insights';
import { PlatformMonthlyReport } from './platform-monthly-report';
import { UserManagement } from './user-management';

/**
 * /admin. `reviewQueue`: composed by the app (the reviews feature), the reported reviews and offers not honoured.
 * The route admits role ADMIN; the screen itself admits only the designated admin account
 * (decision 046): the server decides, and answers 403 to every other account.
 */
export function AdminDashboardPage({ reviewQueue }: { reviewQueue?: ReactNode }) {
  const metrics = useAdminMetrics();
  const status = errorStatus(metrics.error);
  const denied = status === 401 || status === 403;

  return (
    <SignedInScreen homePath={paths.admin} badge="Admin">
      <main className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 sm:py-12">
        {metrics.isPending ? (
          <div className="flex justify-center py-24 text-brand-700" role="status">
            <Spinner className="size-8" />
            <span className="sr-only">Loading...</span>
          </div>
        ) : denied ? (
          <AccessDenied />
        ) : (
          <>
            <div className="flex flex-wrap items-end justify-between gap-4">
              <ScreenTitle subtitle="Run cities, merchants and users, and watch the platform grow">Admin Dashboard</ScreenTitle>
              {/* The operator's console (decision 195): webhooks, queues, scheduled jobs, requests, alerts. */}
              <ButtonLink to={paths.adminSystem} variant="outline">System</ButtonLink>
            </div>
            <MetricCards metrics={metrics.data} failed={metrics.isError} />
            <PlatformInsights />
            <PlatformMonthlyReport />
            <Tabs defaultIndex={0}>
              {/* Seven tabs: on a phone they wrap to rows rather than scroll, so no label is cut off (issue 42). */}
              <TabList className="flex-wrap">
                <Tab>Merchant Management</Tab>
                <Tab>User Management</Tab>
                <Tab>City Management</Tab>
                <Tab>Charity Management</Tab>
                <Tab>Audit Log</Tab>
                <Tab>Disputes</Tab>
                {reviewQueue && <Tab>Reviews &amp; Reports</Tab>}
              </TabList>
              <TabPanels>
                <TabPanel>
                  <MerchantManagement />
                </TabPanel>
                <TabPanel>
                  <UserManagement />
                </TabPanel>
                <TabPanel>
                  <CityManagement />
                </TabPanel>
                <TabPanel><CharityManagement /></TabPanel>
                <TabPanel><AuditLog /></TabPanel>
                <TabPanel><DisputeList /></TabPanel>
                {reviewQueue && <TabPanel>{reviewQueue}</TabPanel>}
              </TabPanels>
            </Tabs>
          </>
        )}
      </main>
    </SignedInScreen>
  );
}
