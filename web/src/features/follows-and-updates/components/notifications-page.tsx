import { lazy, Suspense } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useSearchParams } from 'react-router';
import { BackLink } from '@/components/layout/back-link';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInScreen } from '@/components/layout/signed-in-screen';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useUnreadNotificationCount } from '../api/get-notifications';
import { useLiveNotifications } from '../hooks/use-live-notifications';
import { FollowingTab } from './following-tab';
import { NotificationsTab } from './notifications-tab';

// Push code loads only here, after the screen itself (decision 110).
const PushSwitch = lazy(() => import('./push-switch').then((m) => ({ default: m.PushSwitch })));

const TABS = ['notifications', 'following'] as const;

const tabClasses = ({ selected }: { selected: boolean }) =>
  cn(
    'min-h-11 flex-1 rounded-lg px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:flex-none',
    selected ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-700 hover:bg-white/60',
  );

/** /notifications: what followed businesses said, and whom the member follows (docs/spec.md section 2). */
export function NotificationsPage() {
  useLiveNotifications();
  const unread = useUnreadNotificationCount();
  // ?tab=following opens the second tab, so it can be linked and survives a reload.
  const [params, setParams] = useSearchParams();
  const selectedIndex = Math.max(0, TABS.indexOf(params.get('tab') as (typeof TABS)[number]));

  return (
    <SignedInScreen homePath={paths.memberHome}>
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to={paths.memberHome}>Back</BackLink>
        <ScreenTitle>Notifications &amp; Following</ScreenTitle>
        <Suspense fallback={null}>
          <PushSwitch />
        </Suspense>
        <TabGroup
          selectedIndex={selectedIndex}
          onChange={(index) => setParams(index === 0 ? {} : { tab: TABS[index] }, { replace: true })}
          className="space-y-6"
        >
          <TabList className="flex gap-1 rounded-xl bg-stone-200/70 p-1 sm:inline-flex">
            <Tab className={tabClasses}>
              Notifications
              {unread > 0 && <span className="sr-only"> ({unread} unread)</span>}
            </Tab>
            <Tab className={tabClasses}>Following</Tab>
          </TabList>
          <TabPanels>
            <TabPanel className="focus-visible:outline-none">
              <NotificationsTab />
            </TabPanel>
            <TabPanel className="focus-visible:outline-none">
              <FollowingTab />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      </main>
    </SignedInScreen>
  );
}
