import { useEffect, useRef, useState } from 'react';
import type { Business } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-error';
import { useSettledValue } from '@/lib/use-settled-value';
import { type BusinessSearchFilters, useBusinessSearch } from '../api/search-businesses';
import { CARD_SCROLL_DELAY_MS, SEARCH_DEBOUNCE_MS, SEARCH_PLACEHOLDERS } from '../config';
import { useErrorToast } from '../hooks/use-error-toast';
import { BusinessCard, BusinessCardPlaceholder } from './business-card';
import { BusinessFilters } from './business-filters';
import { CollabRequestForm } from './collab-request-form';

interface BrowseBusinessesTabProps {
  filters: BusinessSearchFilters;
  onFiltersChange: (filters: BusinessSearchFilters) => void;
}

/** Browse Businesses: search, a 1/2/3-column grid of results, and the request form for the chosen one. */
export function BrowseBusinessesTab({ filters, onFiltersChange }: BrowseBusinessesTabProps) {
  const q = useSettledValue(filters.q, SEARCH_DEBOUNCE_MS);
  const search = useBusinessSearch({ ...filters, q });
  useErrorToast(search.error, 'Failed to search businesses');

  const [selected, setSelected] = useState<Business | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(scrollTimer.current), []);

  const select = (business: Business) => {
    setSelected(business);
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), CARD_SCROLL_DELAY_MS);
  };

  const businesses = search.data ?? [];
  return (
    <div className="space-y-6">
      <BusinessFilters filters={filters} onChange={onFiltersChange} />

      <section aria-label="Businesses" aria-busy={search.isFetching}>
        {search.isPending ? (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: SEARCH_PLACEHOLDERS }, (_, i) => <BusinessCardPlaceholder key={i} />)}
          </div>
        ) : search.isError && !search.data ? (
          // A failed search is a failure with a retry, not "No businesses found" (issue 31).
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-6 py-8 text-center">
            <p className="font-semibold text-red-900">The business search failed</p>
            <p className="mt-1 text-sm text-red-900">{errorMessage(search.error)}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void search.refetch()}>Try again</Button>
          </div>
        ) : businesses.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
            <p className="font-semibold text-stone-900">No businesses found</p>
            <p className="mt-1 text-sm text-stone-600">Try adjusting your search criteria or category filter</p>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
            {businesses.map((business) => (
              <li key={business.id}>
                <BusinessCard business={business} selected={selected?.id === business.id} onSelect={() => select(business)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {selected && (
        <div ref={formRef} className="scroll-mt-24">
          <CollabRequestForm key={selected.id} business={selected} onClose={() => setSelected(null)} />
        </div>
      )}
    </div>
  );
}
