import { cn } from '@/lib/cn';

/** A rating shown as five stars, read out as "4 out of 5 stars". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const whole = Math.round(rating);
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className={cn('whitespace-nowrap text-amber-700', className)}>
      {'★'.repeat(whole)}
      <span className="text-stone-400">{'★'.repeat(5 - whole)}</span>
    </span>
  );
}

/** "4.2 ★ · 3 reviews", or "No reviews yet". */
export function RatingLine({ average, count }: { average: number | null; count: number }) {
  if (count === 0 || average === null) return <p className="text-sm text-stone-600">No reviews yet.</p>;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
      <Stars rating={average} />
      <span>
        {average.toFixed(1)} from {count} {count === 1 ? 'review' : 'reviews'}
      </span>
    </p>
  );
}
