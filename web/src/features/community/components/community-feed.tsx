import { Button } from '@/components/ui/button';
import { errorMessage, errorStatus } from '@/lib/api-error';
import { useCommunityFeed } from '../api/get-community-feed';
import { useLiveFeed } from '../hooks/use-live-feed';
import { PostComposer, type LinkableDeal } from './post-composer';
import { PostItem } from './post-item';
import { CommunitySubscribePrompt } from './subscribe-prompt';

/**
 * The city's community feed (decision 196): the post box, then the posts newest first, a page at a time, kept live
 * while on screen through the city topic. `deals`: a business's live deals it may link. The member home's Community
 * Feed tab and the business's /merchant/community show it.
 */
export function CommunityFeed({ deals }: { deals?: readonly LinkableDeal[] }) {
  const feed = useCommunityFeed();
  useLiveFeed(feed.cityId);

  if (feed.isPending) return <p role="status" className="py-6 text-sm text-stone-600">Loading the community feed...</p>;
  if (feed.isError) {
    if (errorStatus(feed.error) === 403) return <CommunitySubscribePrompt />;
    return (
      <div role="alert" className="space-y-2 py-6 text-sm text-red-900">
        <p>The community feed could not be loaded: {errorMessage(feed.error)}</p>
        <Button variant="outline" onClick={() => void feed.refetch()}>Try again</Button>
      </div>
    );
  }
  return (
    <section className="space-y-5" aria-label={`Community feed of ${feed.cityName}`}>
      <PostComposer cityName={feed.cityName} deals={feed.postAs === 'business' ? deals : undefined} />
      {feed.posts.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
          No posts in {feed.cityName} yet. Say hello to your neighbours!
        </p>
      ) : (
        <ul className="space-y-3">
          {feed.posts.map((post) => <PostItem key={post.id} post={post} />)}
        </ul>
      )}
      {feed.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" pending={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>Show older posts</Button>
        </div>
      )}
    </section>
  );
}
