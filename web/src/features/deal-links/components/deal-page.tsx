import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PublicTopBar } from '@/components/layout/public-top-bar';
import { SignedInHeader } from '@/components/layout/signed-in-header';
import { ButtonLink } from '@/components/ui/button';
import { homePathForRole, paths } from '@/config/paths';
import { errorMessage, errorStatus } from '@/lib/api-error';
import { useUser } from '@/lib/auth/get-me';
import { useSubscriptionStatus } from '@/lib/subscription/get-subscription-status';
import { useMemberDeal } from '../api/get-member-deal';
import { usePublicDeal } from '../api/get-public-deal';
import { DealMissing } from './deal-missing';
import { MemberDealView } from './member-deal-view';
import { VisitorDealView } from './visitor-deal-view';

const DEAL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface DealPageProps {
  /** Composed by the app (the follow feature): a follow control for the deal's business (members only). */
  renderFollowButton?: (merchantId: string, merchantName: string) => ReactNode;
  /** Composed by the app (the reviews feature): Comments and Rate for the deal's business (members only). */
  renderReviewActions?: (merchantId: string, merchantName: string) => ReactNode;
}

/**
 * /deals/:id (decision 115): one deal from a link, a notification or a share. Members with an active
 * membership see its live code and countdown (offline too, from the cache); everyone else sees it with the
 * code hidden and the way to subscribe. A deal that ended reads "This deal is no longer available"; an id
 * that names no deal, "Deal not found".
 */
export function DealPage({ renderFollowButton, renderReviewActions }: DealPageProps) {
  const { id = '' } = useParams();
  const valid = DEAL_ID.test(id);
  const { user } = useUser();
  const isUser = user?.role === 'USER';
  const status = useSubscriptionStatus({ enabled: isUser });
  const isMember = isUser && (status.data?.isActive ?? user.subscriptionStatus === 'active');
  const member = useMemberDeal(id, { enabled: valid && isMember });
  // A membership that ended since this device last knew: the server says 403, the page shows the visitor view.
  const asMember = isMember && errorStatus(member.error) !== 403;
  const visitor = usePublicDeal(id, { enabled: valid && !asMember });
  const query = asMember ? member : visitor;
  const dealsHome = asMember ? paths.memberHome : paths.browseDeals;

  let content: ReactNode;
  const failed = errorStatus(query.error);
  if (!valid || failed === 404) content = <DealMissing kind="not-found" dealsHome={dealsHome} />;
  else if (failed === 410) content = <DealMissing kind="unavailable" dealsHome={dealsHome} />;
  else if (asMember && member.data) {
    content = <MemberDealView deal={member.data} followButton={renderFollowButton?.(member.data.merchantId, member.data.merchantName)}
      reviewActions={renderReviewActions?.(member.data.merchantId, member.data.merchantName)} />;
  } else if (!asMember && visitor.data) content = <VisitorDealView deal={visitor.data} signedIn={Boolean(user)} />;
  else if (query.isPending && query.fetchStatus === 'paused') {
    content = (
      <p role="status" className="rounded-2xl border border-dashed border-stone-300 p-10 text-center text-stone-700">
        You're offline, and this device has no saved copy of this deal yet. Reconnect to open it.
      </p>
    );
  } else if (query.isError) {
    content = (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-sm text-red-900">
        <p>{errorMessage(query.error, 'Unable to load this deal. Please try again later.')}</p>
      </div>
    );
  } else content = <p role="status" className="py-10 text-center text-stone-600">Loading deal...</p>;

  return (
    <div className="min-h-dvh">
      {user ? (
        <SignedInHeader homePath={homePathForRole(user.role)}>
          {isUser && <ButtonLink to={paths.notifications} variant="ghost" size="sm">Notifications</ButtonLink>}
          <ButtonLink to={paths.profile} variant="ghost" size="sm">Profile</ButtonLink>
        </SignedInHeader>
      ) : (
        <PublicTopBar links={[{ label: 'Browse Deals', to: paths.browseDeals }, { label: 'Login', to: paths.login }, { label: 'Join', to: paths.subscribe, primary: true }]} />
      )}
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">{content}</main>
    </div>
  );
}
