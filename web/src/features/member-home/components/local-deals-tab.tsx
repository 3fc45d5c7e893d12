import { lazy, memo, Suspense, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { MEMBER_DEAL_FILTERS } from '@shared/constants.ts';
import type { City, MemberDeal, OfflineCodesAnswer, OfflineDealCodes } from '@shared/contract/index.ts';
import { dealMatchesSearch } from '@shared/deal-filters.ts';
import { Input } from '@/components/ui/form-controls';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/api-error';
import { cityLabel } from '@/lib/cities';
import { memberFilterLabel } from '@/lib/categories';
import { useLiveQueries } from '@/lib/realtime/realtime-provider';
import { useOnlineStatus } from '@/lib/network/connectivity';
import { useCities } from '@/lib/lookup/get-cities';
import { MapFallback } from '@/lib/map/map-fallback';
import { type MemberDealsAround, type MemberFilter, useMapConfig, useMemberDeals, useOfflineCodes } from '../api/get-member-deals';
import { MemberDealCard } from './member-deal-card';

// MapLibre and the map are their own chunks, fetched when the member switches to the map (decision 209).
const MemberMap = lazy(() => import('./member-map'));

interface LocalDealsTabProps {
  city: City | undefined;
  /** The city picker, shown with the other filters. */
  citySelector?: ReactNode;
  renderFollowButton?: (merchantId: string, merchantName: string) => ReactNode;
  renderReviewActions?: (merchantId: string, merchantName: string) => ReactNode;
}

/** Member search (docs/spec.md section 5) over the loaded list: title, description or merchant name. */
export const searchDeals = (deals: readonly MemberDeal[], term: string) => deals.filter((deal) => dealMatchesSearch(deal, term));

/** The spec's empty texts, most specific first. */
export function emptyDealsMessage(search: string, category: string, now: { openNow?: boolean; validNow?: boolean } = {}): string {
  const term = search.trim();
  if (term) return `No deals found matching "${term}"`;
  if (now.openNow || now.validNow) return `No deals ${now.openNow ? 'open' : 'valid'} right now${category !== 'all' ? ' in this category' : ''}`;
  if (category !== 'all') return 'No deals available in this category';
  return 'No deals available in this city';
}

/** Local Deals: city heading, search, category buttons and the deal cards with live codes. */
export function LocalDealsTab({ city, citySelector, renderFollowButton, renderReviewActions }: LocalDealsTabProps) {
  const id = useId();
  // Phones: the filters open from a button (issue 31: the first deal's code above the fold); wider screens show them.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<MemberFilter>('all');
  const near = useNearMe();
  const [openNow, setOpenNow] = useState(false);
  const [validNow, setValidNow] = useState(false);
  const [mapOn, setMapOn] = useState(false);
  const online = useOnlineStatus();
  const mapConfig = useMapConfig(mapOn && online);
  // The map needs the network (style, tiles) and a configured style: otherwise the list, saying why.
  const mapStyle = mapOn && online ? mapConfig.data?.styleUrl ?? null : null;
  const mapNote = !mapOn ? null : !online ? 'The map needs a connection: here is the list.'
    : mapConfig.data && !mapConfig.data.styleUrl ? 'The map is not available here: here is the list.'
      : mapConfig.isError ? 'The map could not load: here is the list.' : null;
  const around = useMemo<MemberDealsAround>(() => ({ position: near.position, openNow, validNow }), [near.position, openNow, validNow]);
  const deals = useMemberDeals(city?.id, category, around);
  // No city yet because the city list itself is still loading: that is loading the deals too (issue 17).
  const cityList = useCities();
  const citiesLoading = cityList.isPending && cityList.fetchStatus !== 'paused';
  const cover = useOfflineCodes(city?.id).data;
  // A deal created, changed or removed in this city refetches the list and its offline cover (and so does a
  // reconnect).
  useLiveQueries(city ? `city:${city.id}` : null, ['/api/deals'], ['deal_changed']);
  const shown = useMemo(() => (deals.deals ? searchDeals(deals.deals, search) : []), [deals.deals, search]);
  // The cards (codes, countdowns, follow buttons) render in a transition once the list arrives or changes:
  // on a slow phone the screen stays responsive while they build. A list already there when the tab mounts
  // (the first screen waits for its first page, app/first-screen-ready.ts) renders with it, in the same
  // commit: an initial value of [] would paint the screen without cards and build them in a second pass.
  const deferredShown = useDeferredValue(shown);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 sm:space-y-5">
      <div>
        {/* Phones: the Filters button on the heading's row (issue 42: a row less above the first code). */}
        <div className="flex items-center justify-between gap-3">
          <h2 id={`${id}-title`} className="text-xl font-bold text-stone-900">Deals in {city ? cityLabel(city) : 'your city'}</h2>
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={`${id}-filters`}
            onClick={() => setFiltersOpen((open) => !open)}
            className="inline-flex min-h-11 max-w-[45%] shrink-0 items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:hidden"
          >
            <span>Filters</span>
            <span className="truncate font-normal text-stone-600">{[memberFilterLabel(category), search.trim()].filter(Boolean).join(' · ')}</span>
          </button>
        </div>
        <p className="text-xs font-medium text-brand-800 sm:text-sm">Only small and family owned businesses allowed!</p>
      </div>
      <div id={`${id}-filters`} className={cn('space-y-5', filtersOpen ? 'block' : 'hidden', 'sm:block')}>
      {citySelector}
      <div>
        <label htmlFor={`${id}-search`} className="sr-only">Search deals</label>
        <Input id={`${id}-search`} type="search" placeholder="Search deals or businesses..." value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
        {MEMBER_DEAL_FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            aria-pressed={category === filter}
            onClick={() => setCategory(filter)}
            className={cn(
              'min-h-11 rounded-full border px-4 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
              category === filter ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50',
            )}
          >
            {memberFilterLabel(filter)}
          </button>
        ))}
      </div>
      {/* Near me and what is usable now (decision 209): asked of the server, which knows the hours and rules. */}
      <div role="group" aria-label="Sort and show" className="flex flex-wrap gap-2">
        <Toggle pressed={Boolean(near.position)} onClick={near.toggle}>{near.locating ? 'Locating...' : 'Near me'}</Toggle>
        <Toggle pressed={openNow} onClick={() => setOpenNow((on) => !on)}>Open now</Toggle>
        <Toggle pressed={validNow} onClick={() => setValidNow((on) => !on)}>Valid now</Toggle>
        <Toggle pressed={mapOn} onClick={() => setMapOn((on) => !on)}>Map</Toggle>
      </div>
      {near.error && <p role="alert" className="text-sm text-red-800">{near.error}</p>}
      </div>
      {mapNote && <p role="status" className="text-sm text-stone-700">{mapNote}</p>}

      {!city ? (citiesLoading ? <p role="status" className="py-10 text-center text-stone-600">Loading deals...</p> : null) : deals.isPending && deals.fetchStatus === 'paused' ? (
        <p role="status" className="rounded-2xl border border-dashed border-stone-300 p-10 text-center text-stone-700">
          You're offline, and this device has no deals saved for this city and category yet. Reconnect to load them.
        </p>
      ) : deals.isPending ? (
        <p role="status" className="py-10 text-center text-stone-600">Loading deals...</p>
      ) : deals.isError && !deals.data ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-sm text-red-900">
          <p>{errorMessage(deals.error)}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void deals.refetch()}>Try again</Button>
        </div>
      ) : shown.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 p-10 text-center text-stone-700">{emptyDealsMessage(search, category, around)}</p>
      ) : mapStyle ? (
        <MapFallback fallback={(
          <>
            <p role="status" className="text-sm text-stone-700">The map could not load: here is the list.</p>
            <DealGrid deals={deferredShown} cover={cover ?? undefined} renderFollowButton={renderFollowButton} renderReviewActions={renderReviewActions} />
          </>
        )}>
          <Suspense fallback={<p role="status" className="py-10 text-center text-stone-600">Loading the map...</p>}>
            <MemberMap styleUrl={mapStyle} deals={deferredShown} />
          </Suspense>
        </MapFallback>
      ) : (
        <DealGrid deals={deferredShown} cover={cover ?? undefined} renderFollowButton={renderFollowButton} renderReviewActions={renderReviewActions} />
      )}
      {city && deals.hasNextPage ? (
        <MoreDeals loading={deals.isFetchingNextPage} onMore={() => { if (!deals.isFetchingNextPage) void deals.fetchNextPage(); }} />
      ) : null}
    </section>
  );
}

const TOGGLE = 'min-h-11 rounded-full border px-4 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

function Toggle({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" aria-pressed={pressed} onClick={onClick}
      className={cn(TOGGLE, pressed ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50')}>
      {children}
    </button>
  );
}

/**
 * The member's position for "Near me" (decision 209): asked of the browser on a tap, held in this screen's memory
 * only, and sent with the one list request that needs it. A second tap forgets it.
 */
function useNearMe() {
  const [position, setPosition] = useState<MemberDealsAround['position']>();
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = () => {
    setError(null);
    if (position) return setPosition(undefined);
    if (!('geolocation' in navigator)) return setError('This browser cannot share your location.');
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (fix) => {
        setLocating(false);
        setPosition({ latitude: fix.coords.latitude, longitude: fix.coords.longitude, takenAt: Date.now() });
      },
      () => {
        setLocating(false);
        setError('Your location is not available: allow it in the browser to sort by distance.');
      },
      { maximumAge: 60_000, timeout: 15_000 },
    );
  };
  return { position, locating, error, toggle };
}

/** The end of the loaded cards: asks for the next page when it scrolls into view (or on a tap). */
function MoreDeals({ loading, onMore }: { loading: boolean; onMore: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  useEffect(() => { more.current = onMore; });
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) more.current();
    }, { rootMargin: '400px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={sentinel} className="flex justify-center">
      <Button variant="outline" size="sm" disabled={loading} onClick={onMore}>{loading ? 'Loading more deals...' : 'More deals'}</Button>
    </div>
  );
}

interface DealGridProps {
  deals: MemberDeal[];
  cover: OfflineCodesAnswer | undefined;
  renderFollowButton?: (merchantId: string, merchantName: string) => ReactNode;
  renderReviewActions?: (merchantId: string, merchantName: string) => ReactNode;
}

/**
 * Memoised, and so is each card (decision 135): typing in the search box, another answer arriving or the next
 * page being appended renders only the cards that are new or changed; the countdowns tick without React.
 */
const DealGrid = memo(function DealGrid({ deals, cover, renderFollowButton, renderReviewActions }: DealGridProps) {
  const coverByDeal = useMemo(() => new Map<string, OfflineDealCodes>(cover?.deals.map((covered) => [covered.dealId, covered])), [cover]);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {deals.map((deal) => (
        <MemberDealCard key={deal.id} deal={deal} cover={coverByDeal.get(deal.id)} renderFollowButton={renderFollowButton} renderReviewActions={renderReviewActions} />
      ))}
    </div>
  );
});
