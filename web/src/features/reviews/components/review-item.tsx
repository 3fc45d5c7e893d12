import type { ReactNode } from 'react';
import type { Review } from '@shared/contract/index.ts';
import { Badge } from '@/components/ui/badge';
import { shortDate } from '@/lib/dates';
import { Stars } from './stars';

/** One review as text (never HTML): stars, first name, date, comment, the business's reply; `actions` below. */
export function ReviewItem({ review, merchantName, actions }: { review: Review; merchantName?: string; actions?: ReactNode }) {
  return (
    <li className="space-y-2 rounded-xl border border-stone-200 p-4" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <span className="text-sm font-medium text-stone-900">{review.authorName}{review.mine && ' (you)'}</span>
        <span className="text-xs text-stone-600">{shortDate(review.createdAt)}{review.updatedAt !== review.createdAt && ' · edited'}</span>
        {review.hidden && <Badge variant="outline">Hidden</Badge>}
      </div>
      {review.comment && <p className="whitespace-pre-line break-words text-sm text-stone-800">{review.comment}</p>}
      {review.reply && (
        <div className="rounded-lg bg-stone-100 p-3">
          <p className="text-xs font-semibold text-stone-700">Reply from {merchantName ?? 'the business'}</p>
          <p className="whitespace-pre-line break-words text-sm text-stone-800">{review.reply}</p>
        </div>
      )}
      {actions}
    </li>
  );
}
