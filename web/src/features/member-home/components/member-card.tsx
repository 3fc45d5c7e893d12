import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCents } from '@shared/money.ts';
import { afterFirstScreen } from '@/lib/first-screen';
import { formatCount, formatMemberNumber } from '@/lib/numbers';
import { useMemberPoints } from '../api/get-member-points';

// Neither is part of the member home's first download: the pass (with its QR encoder) loads when opened, the
// certificate keeper in a turn of its own once the first screen is up (after this card is on screen).
const MemberPassSheet = lazy(() => import('./member-pass-sheet'));
const PassCertificateKeeper = lazy(() => import('./pass-certificate-keeper'));

/** The member card shown at the counter: member number, the member pass, and points per business. */
export function MemberCard({ name }: { name: string }) {
  const points = useMemberPoints();
  const [passOpen, setPassOpen] = useState(false);
  const [keepCertificate, setKeepCertificate] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterFirstScreen().then(() => mounted && setKeepCertificate(true));
    return () => {
      mounted = false;
    };
  }, []);
  return (
    <Card className="overflow-hidden">
      <CardContent className="grid gap-4 bg-gradient-to-br from-brand-800 to-brand-600 p-5 text-white sm:grid-cols-2">
        <div>
          <p className="text-xs font-semibold uppercase tracking-widest text-white/80">Pay Local member</p>
          <p className="mt-1 text-lg font-semibold">{name}</p>
          <p className="mt-3 text-xs text-white/80">Member number</p>
          {points.isPending ? <Skeleton className="mt-1 h-8 w-32 bg-white/30" /> : (
            <p className="font-mono text-3xl font-bold tracking-widest" data-testid="member-number">{formatMemberNumber(points.data?.memberNumber)}</p>
          )}
          <Button variant="inverse" className="mt-4 w-full sm:w-auto" onClick={() => setPassOpen(true)}>Show member pass</Button>
          {keepCertificate && <Suspense fallback={null}><PassCertificateKeeper /></Suspense>}
          {passOpen && <Suspense fallback={null}><MemberPassSheet onClose={() => setPassOpen(false)} /></Suspense>}
        </div>
        <div className="rounded-xl bg-white/10 p-3">
          <p className="text-xs text-white/80">Points (1 point = 1¢ at that business)</p>
          {points.isPending ? <Skeleton className="mt-2 h-5 w-full bg-white/30" /> : points.isError ? (
            <p className="mt-2 text-sm">Points are unavailable right now.</p>
          ) : points.data.balances.length === 0 ? (
            <p className="mt-2 text-sm">No points yet. Show your member number when you pay.</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm" aria-label="Points balances">
              {points.data.balances.map((b) => (
                <li key={b.merchantId} className="flex justify-between gap-2">
                  <span>{b.merchantName}</span>
                  <span className="font-semibold tabular-nums">{formatCount(b.points)} pts ({formatCents(b.points)})</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
