import type { MerchantDeal, OfflineCodesAnswer, OfflineDealCodes } from '@shared/contract/index.ts';
import { DealCode } from '@/components/deals/deal-code';
import { Skeleton } from '@/components/ui/skeleton';
import { discountLabel, usageLabel } from '@/lib/deals/deal-format';
import { useDealCode } from '@/lib/deals/code-clock';
import { liveCounterDeals } from '../utils/counter-deals';

function LiveCode({ deal, cover, nowMs }: { deal: MerchantDeal; cover: OfflineDealCodes | undefined; nowMs: number }) {
  const shown = useDealCode({ code: deal.currentCode, expiresAt: deal.codeExpiresAt }, cover, nowMs);
  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm" aria-label={deal.title}>
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <span className="text-base font-semibold text-stone-900">{deal.title}</span>
        <span className="shrink-0 font-bold text-brand-800">{discountLabel(deal)}</span>
      </div>
      {shown ? (
        <DealCode code={shown.code} expiresAt={shown.expiresAt} size="xl" />
      ) : (
        <p className="rounded-xl bg-stone-100 px-4 py-5 text-sm font-medium text-stone-800" data-testid="deal-code-missing">
          {shown === undefined ? 'Getting the code...' : 'Reconnect to see this code.'}
        </p>
      )}
      {deal.rulesText && <p className="mt-2 text-sm font-medium text-stone-800" data-testid="deal-rules">{deal.rulesText}</p>}
      <p className="mt-2 text-xs text-stone-600">{usageLabel(deal)}</p>
    </li>
  );
}

interface LiveCodesPanelProps {
  deals: MerchantDeal[] | undefined;
  loading: boolean;
  nowMs: number;
  /** The counter's offline cover: codes keep rotating here without a network (decision 060). */
  cover?: OfflineCodesAnswer;
}

/** Big current codes of every live deal, readable across the counter. */
export function LiveCodesPanel({ deals, loading, nowMs, cover }: LiveCodesPanelProps) {
  const live = liveCounterDeals(deals, cover);
  return (
    <section aria-labelledby="live-codes-title" className="space-y-3">
      <h2 id="live-codes-title" className="text-lg font-semibold text-stone-900">Live codes</h2>
      {loading ? (
        <div className="space-y-3" role="status" aria-label="Loading codes..."><Skeleton className="h-28" /><Skeleton className="h-28" /></div>
      ) : live.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-stone-600">No Active Deals</p>
      ) : (
        <ul className="space-y-3">
          {live.map(({ deal, cover: dealCover }) => (
            <LiveCode key={deal.id} deal={deal} cover={dealCover} nowMs={nowMs} />
          ))}
        </ul>
      )}
    </section>
  );
}
