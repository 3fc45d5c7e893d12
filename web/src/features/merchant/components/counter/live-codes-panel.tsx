import type { MerchantDeal } from '@shared/contract/index.ts';
import { DealCode } from '@/components/deals/deal-code';
import { Skeleton } from '@/components/ui/skeleton';
import { discountLabel, usageLabel } from '@/lib/deals/deal-format';

/** Big current codes of every live deal, readable across the counter. */
export function LiveCodesPanel({ deals, loading, nowMs }: { deals: MerchantDeal[] | undefined; loading: boolean; nowMs: number }) {
  const live = (deals ?? []).filter((d) => d.active && d.currentCode && d.codeExpiresAt);
  return (
    <section aria-labelledby="live-codes-title" className="space-y-3">
      <h2 id="live-codes-title" className="text-lg font-semibold text-stone-900">Live codes</h2>
      {loading ? (
        <div className="space-y-3" role="status" aria-label="Loading codes..."><Skeleton className="h-28" /><Skeleton className="h-28" /></div>
      ) : live.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-stone-600">No Active Deals</p>
      ) : (
        <ul className="space-y-3">
          {live.map((deal) => (
            <li key={deal.id} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm" aria-label={deal.title}>
              <div className="mb-2 flex items-baseline justify-between gap-3">
                <span className="text-base font-semibold text-stone-900">{deal.title}</span>
                <span className="shrink-0 font-bold text-brand-800">{discountLabel(deal)}</span>
              </div>
              <DealCode code={deal.currentCode!} expiresAt={deal.codeExpiresAt!} nowMs={nowMs} size="xl" />
              <p className="mt-2 text-xs text-stone-600">{usageLabel(deal)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
