import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useUser } from '@/lib/auth/get-me';
import { cn } from '@/lib/cn';
import { useSetFollowing } from '../api/follow-business';
import { useFollowStatus } from '../api/get-follow-status';
import { useFollowsBusiness } from '../api/get-following';
import { HeartIcon } from './icons';

const offlineNote = ' (Saved offline: it is sent when the connection returns.)';

interface FollowButtonProps {
  businessId: string;
  /** For the toast and the accessible name ("Follow Rosa's River Cafe"). */
  businessName?: string;
  /** When the caller already knows (the Following tab), no status call is made. */
  isFollowing?: boolean;
  /** Label while following: "Following" on deal cards, "Unfollow" in the Following tab. */
  followingLabel?: string;
  className?: string;
}

/**
 * Follow / unfollow a business: for deal cards (public and member) and the Following tab. Shown to
 * members only: hidden for visitors (spec: only signed-in users see it) and for merchants and admins, who
 * cannot follow (decisions 030, 115). Toasts "Following!" / "Unfollowed", or "Error"
 * with the server's message or "Failed to update follow status"; the followed list is refetched.
 */
export function FollowButton({ businessId, businessName, isFollowing: known, followingLabel = 'Following', className }: FollowButtonProps) {
  const { user } = useUser();
  // One GET /api/user/following answers every button on the screen (not a follow-status call per card);
  // a toggle made on this device since that list was fetched is newer, so it wins.
  // Only members can follow (decision 030); merchants and admins see no button (decision 115).
  const canFollow = user?.role === 'USER';
  const listed = useFollowsBusiness(businessId, { enabled: canFollow && known === undefined });
  const toggled = useFollowStatus(businessId, { enabled: false });
  const setFollowing = useSetFollowing({
    onSuccess: ({ isFollowing }, queued) =>
      toast(
        isFollowing
          ? { title: 'Following!', description: `You'll be notified when ${businessName ?? 'this business'} posts new deals.${queued ? offlineNote : ''}` }
          : { title: 'Unfollowed', description: `You won't get notifications from ${businessName ?? 'this business'} anymore.${queued ? offlineNote : ''}` },
      ),
    onError: (error) =>
      toast({ title: 'Error', description: errorMessage(error, 'Failed to update follow status'), variant: 'destructive' }),
  });
  if (!canFollow) return null;

  const toggledIsNewer = toggled.data !== undefined && toggled.dataUpdatedAt >= listed.dataUpdatedAt;
  const following = known ?? (toggledIsNewer ? toggled.data!.isFollowing : (listed.data ?? false));
  const label = following ? followingLabel : 'Follow';
  return (
    <Button
      variant={following ? 'secondary' : 'outline'}
      size="sm"
      aria-pressed={following}
      aria-label={businessName ? `${label} ${businessName}` : undefined}
      pending={setFollowing.isPending}
      disabled={known === undefined && listed.isPending && !toggledIsNewer}
      onClick={() => setFollowing.mutate({ businessId, follow: !following, businessName })}
      className={cn('shrink-0', className)}
    >
      {!setFollowing.isPending && <HeartIcon filled={following} className="size-4" aria-hidden="true" />}
      {label}
    </Button>
  );
}
