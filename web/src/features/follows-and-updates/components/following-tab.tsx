import { useFollowing } from '../api/get-following';
import { CardPlaceholders } from './card-placeholders';
import { EmptyState } from './empty-state';
import { FollowedBusinessCard } from './followed-business-card';
import { HeartIcon } from './icons';
import { LoadError } from './load-error';
import { SectionHeading } from './section-heading';

export function FollowingTab() {
  const following = useFollowing();
  return (
    <section aria-labelledby="businesses-you-follow" className="space-y-4">
      <SectionHeading id="businesses-you-follow" title="Businesses You Follow">
        Follow your favorite local businesses to get notifications about their latest deals
      </SectionHeading>
      {following.isPending ? (
        <CardPlaceholders count={3} label="Loading the businesses you follow..." />
      ) : !following.data ? (
        <LoadError what="the businesses you follow" onRetry={() => void following.refetch()} retrying={following.isFetching} />
      ) : following.data.length === 0 ? (
        <EmptyState icon={<HeartIcon className="size-6" aria-hidden="true" />} title="You're not following any businesses yet">
          Follow businesses to get notifications when they post new deals
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {following.data.map((b) => (
            <li key={b.id}>
              <FollowedBusinessCard business={b} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
