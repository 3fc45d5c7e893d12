import type { RatingSummary as Summary } from '@shared/contract/index.ts';

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
