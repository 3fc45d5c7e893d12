import type { MerchantDeal } from '@shared/contract/index.ts';
import { DealCode } from '@/components/deals/deal-code';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { discountLabel } from '@/lib/deals/deal-format';

/** The dashboard's "Active Deal Codes": each live deal with its current code and countdown. */
export function ActiveDealCodesCard({ deals, loading }: { deals: MerchantDeal[] | undefined; loading: boolean }) {
  const live = (deals ?? []).filter((deal) => deal.active && deal.currentCode && deal.codeExpiresAt);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Active Deal Codes</CardTitle>
        <CardDescription>Match the code a member shows you. Codes rotate every 2 minutes.</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-3" role="status" aria-label="Loading deal codes..."><Skeleton className="h-16" /><Skeleton className="h-16" /></div>
        ) : live.length === 0 ? (
          <div className="rounded-xl border border-dashed border-stone-300 p-6 text-center">
            <p className="font-semibold text-stone-900">No Active Deals</p>
            <p className="mt-1 text-sm text-stone-600">Create a deal to start showing codes here.</p>
          </div>
        ) : (
          <ul className="space-y-3">
            {live.map((deal) => (
              <li key={deal.id} className="space-y-2 rounded-xl border border-stone-200 p-3">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="font-medium text-stone-900">{deal.title}</span>
                  <span className="shrink-0 text-sm font-bold text-brand-800">{discountLabel(deal)}</span>
                </div>
                <DealCode code={deal.currentCode!} expiresAt={deal.codeExpiresAt!} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
