import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { CounterActivityItem } from '@shared/contract/index.ts';
import { BackLink } from '@/components/layout/back-link';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInHeader } from '@/components/layout/signed-in-header';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useUser } from '@/lib/auth/get-me';
import { useNow } from '@/lib/deals/code-clock';
import { useCounterActivity, useCounterLocations } from '../api/get-counter-activity';
import { useMerchantDeals } from '@/lib/merchant/get-merchant-deals';
import { useMerchantMe } from '@/lib/merchant/get-merchant-me';
import { useMerchantOfflineCodes } from '../api/get-offline-codes';
import { useUndoPoints } from '../api/undo-points';
import { useUndoRedemption } from '../api/undo-redemption';
import { useFlaggedReplays } from '../hooks/use-flagged-replays';
import { FlaggedReplaysCard } from './flagged-replays-card';
import { type CheckResult, CheckResultPanel } from './check-result-panel';
import { type CounterAction, LastActionCard } from './last-action-card';
import { LiveCodesPanel } from './live-codes-panel';
import { PointsCard } from './points-card';
import { RecentActivity } from './recent-activity';
import { ScanPassCard } from './scan-pass-card';
import { VerifyCodeCard } from './verify-code-card';

/** The counter's latest outcome: a deal check (the result panel) or points earned or redeemed. */
type Latest = { type: 'check'; result: CheckResult } | { type: 'points'; action: CounterAction };

/**
 * /merchant/counter: the shop tablet. The pass scanner, the typed code, earn/redeem, the one result panel with
 * undo (decision 192), and the live codes (beside them in landscape, below them in portrait).
 * Staff (decision 166) see the counter only: no way back to the owner's dashboard; `staffBar` says who is signed in.
 * `signOut` replaces the header's sign-out (on a paired tablet it returns to the staff switcher).
 */
export function MerchantCounterPage({ staffBar, signOut }: { staffBar?: ReactNode; signOut?: ReactNode }) {
  const isStaff = useUser().user?.role === 'STAFF';
  const merchant = useMerchantMe();
  const approved = merchant.data?.active === true;
  const deals = useMerchantDeals({ enabled: approved });
  const cover = useMerchantOfflineCodes({ enabled: approved }).data;
  // The activity of one location, when the business has several (issue 40); null: all.
  const [activityLocation, setActivityLocation] = useState<string | null>(null);
  const activity = useCounterActivity(activityLocation);
  const locations = useCounterLocations();
  const nowMs = useNow();
  const [latest, setLatest] = useState<Latest | null>(null);
  const flaggedReplays = useFlaggedReplays();
  const panelRef = useRef<HTMLDivElement>(null);
  const settled = latest?.type === 'check' && latest.result.kind !== 'checking' ? latest.result : null;
  // A new answer is brought into view: in portrait the typed code's form sits below the panel.
  useEffect(() => {
    if (settled) panelRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [settled]);

  const markUndone = (id: string) => setLatest((shown) => {
    if (shown?.type === 'check' && shown.result.kind === 'approved' && shown.result.id === id) return { type: 'check', result: { ...shown.result, undone: true } };
    if (shown?.type === 'points' && shown.action.id === id) return { type: 'points', action: { ...shown.action, undone: true } };
    return shown;
  });
  const approvedCheck = latest?.type === 'check' && latest.result.kind === 'approved' ? latest.result : null;
  const showCheck = (result: CheckResult) => setLatest({ type: 'check', result });
  const showPoints = (action: CounterAction) => setLatest({ type: 'points', action });
  const undoFailed = (error: Error) => toast({ title: 'Undo Failed', description: errorMessage(error), variant: 'destructive' });
  const undoRedemption = useUndoRedemption({
    onSuccess: () => toast({ title: 'Redemption Undone', description: 'The use was given back to the deal.' }),
    onError: undoFailed,
  });
  const undoPoints = useUndoPoints({
    onSuccess: (entry) => toast({ title: 'Points Undone', description: `Balance here: ${entry.balance} points.` }),
    onError: undoFailed,
  });
  const undo = (kind: 'deal' | 'points', id: string) =>
    (kind === 'deal' ? undoRedemption : undoPoints).mutate(id, { onSuccess: () => markUndone(id) });
  const undoingId = (undoRedemption.isPending && undoRedemption.variables) || (undoPoints.isPending && undoPoints.variables) || null;

  return (
    <div className="min-h-dvh bg-stone-50">
      <SignedInHeader homePath={isStaff ? paths.merchantCounter : paths.merchant} signOut={signOut}>
        <Badge className="hidden sm:inline-flex">{isStaff ? 'Staff' : 'Merchant'}</Badge>
      </SignedInHeader>
      <main className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6">
        {isStaff ? staffBar : <BackLink to={paths.merchant}>Back to Dashboard</BackLink>}
        <div className="flex flex-wrap items-end justify-between gap-3">
          <ScreenTitle subtitle={merchant.data?.name}>Counter</ScreenTitle>
          {approved && <ButtonLink to={paths.merchantCounterBoard} variant="outline">Open Code Board</ButtonLink>}
        </div>
        {merchant.isPending ? (
          <div role="status" className="flex items-center gap-2 py-12 text-stone-600"><Spinner className="size-5" /> Loading your business...</div>
        ) : !approved || !merchant.data ? (
          <Card><CardContent className="p-6 text-sm text-stone-700">The counter opens once your business is approved.</CardContent></Card>
        ) : (
          // The tools come first (portrait: one column, Scan, Type and Points at the top, the code board below; issue
          // 38); in landscape the code board takes the left column as before.
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <div className="min-w-0 space-y-6" data-testid="counter-tools">
              <FlaggedReplaysCard flagged={flaggedReplays.flagged} onDismiss={flaggedReplays.dismiss} />
              {latest?.type === 'check' && (
                <CheckResultPanel
                  ref={panelRef}
                  result={latest.result}
                  nowMs={nowMs}
                  timeZone={merchant.data.timeZone}
                  undoing={approvedCheck !== null && undoingId === approvedCheck.id}
                  onUndo={approvedCheck ? () => undo('deal', approvedCheck.id) : undefined}
                />
              )}
              {latest?.type === 'points' && (
                <LastActionCard action={latest.action} nowMs={nowMs} undoing={undoingId === latest.action.id} onUndo={() => undo('points', latest.action.id)} />
              )}
              <ScanPassCard deals={deals.data ?? []} onResult={showCheck} cover={cover} />
              <VerifyCodeCard deals={deals.data ?? []} onResult={showCheck} cover={cover} />
              <PointsCard rewardRateBps={merchant.data.rewardRateBps} onRecorded={showPoints} />
              <RecentActivity
                items={activity.data}
                locations={locations.data ?? []}
                locationId={activityLocation}
                onLocation={setActivityLocation}
                nowMs={nowMs}
                undoingId={undoingId || null}
                onUndo={(item: CounterActivityItem) => undo(item.type === 'deal' ? 'deal' : 'points', item.id)}
              />
            </div>
            <div className="min-w-0 lg:order-first" data-testid="counter-codes">
              <LiveCodesPanel deals={deals.data} loading={deals.isPending} nowMs={nowMs} cover={cover} />
            </div>
          </div>
        )}
      </main>
    </div>
  );
}
