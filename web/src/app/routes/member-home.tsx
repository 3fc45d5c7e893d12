import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { FollowButton } from '@/features/follows-and-updates/components/follow-button';
import { NotificationsNavButton } from '@/features/follows-and-updates/components/notifications-nav-button';
import { MemberHomePage } from '@/features/member-home/components/member-home-page';
import { ReviewActions } from '@/features/reviews/components/review-actions';
import { Button } from '@/components/ui/button';
import { useInstallOption } from '@/lib/pwa/install-prompt';

const followButton = (merchantId: string, merchantName: string) => <FollowButton businessId={merchantId} businessName={merchantName} />;
const reviewActions = (merchantId: string, merchantName: string) => <ReviewActions merchantId={merchantId} merchantName={merchantName} />;

// The feed is its own chunk, fetched when its tab is first opened: /app's first screen (the deals) stays as it was.
// Offline, that download fails: the tab says so and offers to try again, and the deals stay usable (decision 196).
let loadedFeed: ComponentType | undefined;
function CommunityTab() {
  const [Feed, setFeed] = useState<ComponentType | undefined>(() => loadedFeed);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Feed) return;
    let current = true;
    import('@/features/community/components/community-feed').then(
      (module) => {
        loadedFeed = module.CommunityFeed;
        if (current) setFeed(() => module.CommunityFeed);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [Feed, attempt]);
  if (Feed) return <Feed />;
  if (failed) {
    return (
      <div role="alert" className="space-y-2 py-6 text-sm text-stone-800">
        <p>The community feed needs a connection the first time. Try again when you're online.</p>
        <Button variant="outline" onClick={() => { setFailed(false); setAttempt((n) => n + 1); }}>Try again</Button>
      </div>
    );
  }
  return <p role="status" className="py-6 text-sm text-stone-600">Loading the community feed...</p>;
}
const communityFeed = <CommunityTab />;

// The install offer (issue 42): on /app too, after the deals, until the member says "Not now" on this device.
// Its card is a chunk of its own, fetched only when the browser can install the app: /app's first download stays.
const InstallAppCard = lazy(() => import('@/components/pwa/install-app-card').then((module) => ({ default: module.InstallAppCard })));
const INSTALL_OFFER_DISMISSED_KEY = 'pay-local:install-offer-dismissed';
function readDismissed(): boolean {
  try {
    return globalThis.localStorage?.getItem(INSTALL_OFFER_DISMISSED_KEY) === '1';
  } catch {
    return false; // storage refused (a private window): the offer shows, and "Not now" hides it for this visit
  }
}
function InstallOffer() {
  const option = useInstallOption();
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed || option === 'none' || option === 'installed') return null;
  const dismiss = () => {
    try {
      globalThis.localStorage?.setItem(INSTALL_OFFER_DISMISSED_KEY, '1');
    } catch {
      // Not kept: it comes back on the next visit, which is all a refused storage allows.
    }
    setDismissed(true);
  };
  return <Suspense fallback={null}><InstallAppCard onDismiss={dismiss} /></Suspense>;
}
const installOffer = <InstallOffer />;

/** The member home: its header's Notifications button, on each deal card the Follow and review controls, and the community feed. */
export function Component() {
  return <MemberHomePage notificationsButton={<NotificationsNavButton />} renderFollowButton={followButton} renderReviewActions={reviewActions} communityFeed={communityFeed} installOffer={installOffer} />;
}
