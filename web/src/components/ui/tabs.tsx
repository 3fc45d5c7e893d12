import {
  Children, createContext, useContext, useId, useRef, useState, type KeyboardEvent, type ReactNode,
} from 'react';
import { cn } from '@/lib/cn';

/**
 * Tabs after the WAI-ARIA tabs pattern (automatic activation): arrow keys, Home and End move between tabs,
 * only the selected tab is in the tab order, each panel is labelled by its tab. Written here rather than
 * taken from Headless UI, whose tabs cost ~11 KB gzipped on the member home (initial-JS budget, decision 061).
 * Tabs and panels are matched by their order, so a TabList's tabs and a TabPanels' panels are direct children.
 */
interface TabsState {
  baseId: string;
  selected: number;
  select: (index: number) => void;
}

const TabsContext = createContext<TabsState | null>(null);
const IndexContext = createContext(0);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tab parts must be inside <Tabs>');
  return state;
}

export function Tabs({ children, defaultIndex = 0, onChange }: { children: ReactNode; defaultIndex?: number; onChange?: (index: number) => void }) {
  const baseId = useId();
  const [selected, setSelected] = useState(defaultIndex);
  const select = (index: number) => {
    setSelected(index);
    onChange?.(index);
  };
  return <TabsContext.Provider value={{ baseId, selected, select }}>{children}</TabsContext.Provider>;
}

const indexed = (children: ReactNode) =>
  Children.toArray(children).map((child, index) => (
    <IndexContext.Provider key={index} value={index}>
      {child}
    </IndexContext.Provider>
  ));

/** The row of tabs; scrolls sideways on narrow screens instead of wrapping. */
export function TabList({ children, className }: { children: ReactNode; className?: string }) {
  const { select } = useTabs();
  const listRef = useRef<HTMLDivElement>(null);
  const count = Children.count(children);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: count - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = (next + count) % count;
    tabs[target]?.focus();
    select(target);
  };

  return (
    <div ref={listRef} role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown} className={cn('flex gap-1 overflow-x-auto rounded-xl bg-stone-100 p-1', className)}>
      {indexed(children)}
    </div>
  );
}

export function Tab({ children }: { children: ReactNode }) {
  const { baseId, selected, select } = useTabs();
  const index = useContext(IndexContext);
  const isSelected = index === selected;
  return (
    <button
      type="button"
      role="tab"
      id={`${baseId}-tab-${index}`}
      aria-selected={isSelected}
      aria-controls={`${baseId}-panel-${index}`}
      tabIndex={isSelected ? 0 : -1}
      data-selected={isSelected ? '' : undefined}
      onClick={() => select(index)}
      className={cn(
        'min-h-11 shrink-0 rounded-lg px-4 py-2 text-sm font-semibold text-stone-700 transition-colors',
        'hover:bg-white/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        'data-selected:bg-white data-selected:text-brand-900 data-selected:shadow-sm',
      )}
    >
      {children}
    </button>
  );
}

export function TabPanels({ children }: { children: ReactNode }) {
  return <>{indexed(children)}</>;
}

/** Panels unmount while hidden, so whatever a panel loads is loaded only once its tab is opened. */
export function TabPanel({ children, className }: { children: ReactNode; className?: string }) {
  const { baseId, selected } = useTabs();
  const index = useContext(IndexContext);
  const ids = { id: `${baseId}-panel-${index}`, 'aria-labelledby': `${baseId}-tab-${index}` };
  // A hidden, empty stand-in keeps the tab's aria-controls pointing at an element.
  if (index !== selected) return <div role="tabpanel" hidden {...ids} />;
  return (
    <div role="tabpanel" tabIndex={0} {...ids} className={cn('mt-6 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700', className)}>
      {children}
    </div>
  );
}
