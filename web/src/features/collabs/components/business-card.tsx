import type { Business } from '@shared/contract/index.ts';
import { BusinessLogo } from '@/components/deals/business-logo';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { businessCategoryLabel, categoryFilterLabel } from '@/lib/categories';

/** A search result; clicking it selects the business for a collaboration request. */
export function BusinessCard({ business, selected, onSelect }: { business: Business; selected: boolean; onSelect: () => void }) {
  const place = [business.city, business.state].filter(Boolean).join(', ');
  const type = businessCategoryLabel(business.businessType);
  const category = categoryFilterLabel(business.category);
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      className={cn(
        'flex w-full gap-4 rounded-2xl border bg-white p-4 text-left shadow-sm transition-colors',
        'hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        selected ? 'border-brand-600 ring-2 ring-brand-600/30' : 'border-stone-200',
      )}
    >
      <BusinessLogo name={business.name} logoUrl={business.logoUrl} box="size-14 shrink-0 rounded-xl" initialSize="text-xl" imageClassName="border border-stone-200" />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-center gap-1.5">
          <h2 className="truncate font-semibold text-stone-900">{business.name}</h2>
          {business.isVerified && (
            <span title="Verified business" className="shrink-0 text-brand-700">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z" clipRule="evenodd" />
              </svg>
              <span className="sr-only">Verified</span>
            </span>
          )}
        </div>
        {place && <p className="text-sm text-stone-600">{place}</p>}
        <div className="flex flex-wrap gap-1.5 pt-1">
          {/* The type and the category often read the same (food → Food & Drink): then one badge says both. */}
          {type && type !== category && <Badge variant="outline">{type}</Badge>}
          <Badge variant="secondary">{category}</Badge>
        </div>
      </div>
    </button>
  );
}

export function BusinessCardPlaceholder() {
  return (
    <div className="flex gap-4 rounded-2xl border border-stone-200 bg-white p-4" data-testid="business-placeholder">
      <Skeleton className="size-14 shrink-0 rounded-xl" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    </div>
  );
}
