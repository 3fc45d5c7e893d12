import { formatUsd } from '@shared/money.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadFailure } from '@/components/ui/load-failure';
import { toast } from '@/components/ui/use-toast';
import { useReferral } from '../api/get-referral';

const friends = (n: number) => `${n} ${n === 1 ? 'friend' : 'friends'}`;

/**
 * "Invite friends" (decision 200): the member's link, shared through the device's share sheet where it has one,
 * else copied; and what it brought, in words.
 */
export function ReferralCard() {
  const referral = useReferral();
  const data = referral.data;

  const share = async () => {
    if (!data) return;
    const shared = { title: 'Pay Local', text: 'Join me on Pay Local: local deals, and 10% goes to a local charity. We both get account credit.', url: data.url };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(shared) ?? true)) {
      try {
        await navigator.share(shared);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Not allowed here (no user activation, a policy): copy instead.
      }
    }
    try {
      await navigator.clipboard.writeText(data.url);
      toast({ title: 'Link copied', description: 'Your invite link is on your clipboard.' });
    } catch {
      toast({ title: 'Could not copy the link', description: data.url, variant: 'destructive' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite friends</CardTitle>
        <CardDescription>
          When a friend joins with your link and their first payment has cleared for 7 days, you both get account credit
          that comes off your next payment.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {referral.isError ? (
          <LoadFailure message="We could not load your invite link." onRetry={() => void referral.refetch()} />
        ) : !data ? (
          <p className="text-sm text-stone-600">Loading your invite link…</p>
        ) : (
          <>
            <input
              readOnly
              value={data.url}
              aria-label="Your invite link"
              onFocus={(event) => event.currentTarget.select()}
              className="min-h-11 w-full rounded-lg bg-stone-100 px-3 py-2 font-mono text-sm text-stone-900"
            />
            <Button variant="outline" onClick={() => void share()}>Share your invite link</Button>
            <p className="text-sm text-stone-800" role="status" aria-label="Your invitations">
              {data.invited === 0
                ? 'No friend has joined with your link yet.'
                : `${friends(data.invited)} joined with your link; ${data.rewarded} earned you credit so far.`}
              {data.earnedCents > 0 && <> You have received <strong>{formatUsd(data.earnedCents, { keepCents: true })}</strong> in invite credit.</>}
              {data.pendingCents > 0 && <> <strong>{formatUsd(data.pendingCents, { keepCents: true })}</strong> more is on its way once the 7 days pass.</>}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
