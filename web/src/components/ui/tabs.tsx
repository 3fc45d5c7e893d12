import { Tab as HeadlessTab, TabGroup, TabList as HeadlessTabList, TabPanel as HeadlessTabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export { TabGroup as Tabs, TabPanels };

/** The row of tabs; scrolls sideways on narrow screens instead of wrapping. */
export function TabList({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <HeadlessTabList className={cn('flex gap-1 overflow-x-auto rounded-xl bg-stone-100 p-1', className)}>
      {children}
    </HeadlessTabList>
  );
}

export function Tab({ children }: { children: ReactNode }) {
  return (
    <HeadlessTab
      className={cn(
        'shrink-0 rounded-lg px-4 py-2 text-sm font-semibold text-stone-700 transition-colors',
        'hover:bg-white/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        'data-selected:bg-white data-selected:text-brand-900 data-selected:shadow-sm',
      )}
    >
      {children}
    </HeadlessTab>
  );
}

/** Panels unmount while hidden, so whatever a panel loads is loaded only once its tab is opened. */
export function TabPanel({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <HeadlessTabPanel unmount className={cn('mt-6 focus-visible:outline-none', className)}>
      {children}
    </HeadlessTabPanel>
  );
}
