import type { FollowedBusiness } from '@shared/contract/index.ts';
import { businessCategoryLabel } from '@/lib/categories';
import { initialsOf, logoSrc } from '../utils/business-display';
import { shortDate } from '@/lib/dates';
import { FollowButton } from './follow-button';

export function FollowedBusinessCard({ business: b }: { business: FollowedBusiness }) {
  const logo = logoSrc(b.logoUrl);
  const category = businessCategoryLabel(b.category);
  return (
    <article aria-label={b.name} className="flex gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      {logo ? (
        <img src={logo} alt={`${b.name} logo`} className="size-14 shrink-0 rounded-xl border border-stone-200 object-cover" loading="lazy" />
      ) : (
        <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-lg font-bold text-brand-800">
          {initialsOf(b.name)}
        </span>
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-semibold text-stone-900">{b.name}</h3>
            <p className="text-sm text-stone-600">{[category, b.city].filter(Boolean).join(' · ')}</p>
          </div>
          <FollowButton businessId={b.id} businessName={b.name} isFollowing followingLabel="Unfollow" />
        </div>
        {b.description && <p className="text-sm break-words text-stone-700">{b.description}</p>}
        <p className="text-xs text-stone-600">
          Following since <time dateTime={b.followedAt}>{shortDate(b.followedAt)}</time>
        </p>
      </div>
    </article>
  );
}
