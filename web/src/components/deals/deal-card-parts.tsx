// The pieces deal cards are built from (public, member and merchant cards, and the deal's own page): the
// frame in the category's colour, the category badge, the business's rating and the share button.
import type { ReactNode } from 'react';
import type { RatingSummary as Summary } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { categoryTone, dealCategoryLabel, toneClasses } from '@/lib/categories';

/** A deal's card, named by the deal's title, with its category's colour along the top edge (public, member and merchant cards). */
export function DealCardFrame({ title, category, className, children }: { title: string; category: string; className?: string; children: ReactNode }) {
  return (
    <article
      aria-label={title}
      className={cn('flex flex-col rounded-2xl border border-t-4 border-stone-200 bg-white p-5 shadow-sm', toneClasses[categoryTone(category)].edge, className)}
    >
      {children}
    </article>
  );
}

/** The deal's category in its colour (food, retail, services, entertainment, health). */
export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', toneClasses[categoryTone(category)].badge, className)}>
      {dealCategoryLabel(category)}
    </span>
  );
}

/** A business's average and count on a member's deal card and deal page (decision 183): "★ 4.2 (3 reviews)". */
export function RatingSummary({ average, count }: Summary) {
  if (count === 0 || average === null) return <p className="text-xs text-stone-600" data-testid="rating-summary">No reviews yet</p>;
  return (
    <p className="text-xs text-stone-700" data-testid="rating-summary">
      <span aria-hidden="true" className="text-amber-700">★ </span>
      <span className="sr-only">Rated </span>
      {average.toFixed(1)}<span className="sr-only"> out of 5</span> ({count} {count === 1 ? 'review' : 'reviews'})
    </p>
  );
}

interface SharedDeal {
  id: string;
  title: string;
  merchantName: string;
}

/** What a share says (decision 115): the deal and the business, never the code; the link opens the deal. */
export function dealShareData(deal: SharedDeal, origin = window.location.origin): ShareData & { url: string } {
  return {
    title: deal.title,
    text: `${deal.title} at ${deal.merchantName}, on Pay Local`,
    url: new URL(paths.deal(deal.id), origin).href,
  };
}

/**
 * Shares a deal's link (/deals/:id): the Web Share API where the device has it (the phone's share sheet),
 * else the link is copied to the clipboard and a toast says so. Closing the share sheet is not an error.
 */
export function ShareDealButton({ deal, className }: { deal: SharedDeal; className?: string }) {
  const share = async () => {
    const data = dealShareData(deal);
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Not allowed here (no user activation, a policy): copy instead.
      }
    }
    try {
      await navigator.clipboard.writeText(data.url);
      toast({ title: 'Link copied', description: `The link to "${deal.title}" is on your clipboard.` });
    } catch {
      toast({ title: 'Could not copy the link', description: data.url, variant: 'destructive' });
    }
  };
  return (
    <Button variant="ghost" size="sm" aria-label={`Share ${deal.title}`} className={className} onClick={() => void share()}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M10 3v10M6 7l4-4 4 4M4 11v5a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1v-5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Share
    </Button>
  );
}
