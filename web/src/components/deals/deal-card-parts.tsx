// The pieces every deal card is built from (public, member and merchant cards, and the deal's own page): the
// frame in the category's colour, the category badge and the business's rating.
import type { ReactNode } from 'react';
import type { RatingSummary as Summary } from '@shared/contract/index.ts';
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
