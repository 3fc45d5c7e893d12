import { PER_MEMBER_LIMIT_LABELS } from '@shared/constants.ts';
import type { MerchantDeal } from '@shared/contract/index.ts';
import { CategoryBadge, DealCardFrame } from '@/components/deals/deal-card-parts';
import { DealCode } from '@/components/deals/deal-code';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { discountLabel, usageLabel } from '@/lib/deals/deal-format';
import { shortDate } from '@/lib/dates';
import { useMerchantLocations } from '@/lib/merchant/get-merchant-locations';

interface MerchantDealCardProps {
  deal: MerchantDeal;
  nowMs: number;
  busy?: boolean;
  onEdit: () => void;
  onToggleActive: (active: boolean) => void;
  /** The deals page's "Deactivate" (DELETE without permanent); absent on the dashboard. */
  onDeactivate?: () => void;
  onDelete: () => void;
  /** h2 on the deals page (under its h1), h3 inside the dashboard's "Your Deals" card. */
  headingLevel?: 'h2' | 'h3';
}


/** One of the merchant's deals: category colour, Inactive badge and dimming, code with countdown, actions. */
export function MerchantDealCard({ deal, nowMs, busy, onEdit, onToggleActive, onDeactivate, onDelete, headingLevel = 'h3' }: MerchantDealCardProps) {
  const Heading = headingLevel;
  const ended = deal.validTo !== null && new Date(deal.validTo).getTime() < nowMs;
  const notStarted = deal.validFrom !== null && new Date(deal.validFrom).getTime() > nowMs;
  // A deal limited to some locations (issue 40) names them; one for every location says nothing.
  const locations = useMerchantLocations({ enabled: deal.locationIds.length > 0 });
  const onlyAt = deal.locationIds.length > 0
    ? (locations.data ?? []).filter((l) => deal.locationIds.includes(l.id)).map((l) => l.name ?? l.address).join(', ')
    : null;
  return (
    <DealCardFrame title={deal.title} category={deal.category} className={cn('transition-opacity', !deal.active && 'opacity-60')}>
      <div className="flex flex-wrap items-center gap-2">
        <CategoryBadge category={deal.category} />
        {!deal.active && <Badge variant="secondary">Inactive</Badge>}
        <span className="ml-auto text-lg font-extrabold text-brand-800">{discountLabel(deal)}</span>
      </div>
      <Heading className="mt-3 text-lg font-semibold text-stone-900">{deal.title}</Heading>
      <p className="mt-1 text-sm text-stone-600">{deal.description}</p>

      <div className="mt-4">
        {deal.currentCode && deal.codeExpiresAt ? (
          <DealCode code={deal.currentCode} expiresAt={deal.codeExpiresAt} />
        ) : (
          <div className="rounded-xl bg-stone-100 px-4 py-3 text-sm font-medium text-stone-700">
            {ended ? 'Expired' : notStarted ? `Starts ${shortDate(deal.validFrom!)}` : 'No code while inactive'}
          </div>
        )}
      </div>

      <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600">
        <div><dt className="sr-only">Usage</dt><dd>{usageLabel(deal)}</dd></div>
        <div>
          <dt className="sr-only">Uses per member</dt>
          {/* Deals made before per-member limits have none until their merchant chooses (decision 165). */}
          <dd className={cn(deal.perMemberLimit === 'none' && 'font-medium text-amber-800')}>
            {deal.perMemberLimit === 'none' ? 'No per-member limit: edit to choose one' : PER_MEMBER_LIMIT_LABELS[deal.perMemberLimit]}
          </dd>
        </div>
        {deal.validTo && <div><dt className="inline">Until </dt><dd className="inline">{shortDate(deal.validTo)}</dd></div>}
        {onlyAt && <div><dt className="inline">Only at </dt><dd className="inline">{onlyAt}</dd></div>}
      </dl>

      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-stone-100 pt-4">
        <label className="mr-auto inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-stone-800">
          <button
            type="button"
            role="switch"
            aria-checked={deal.active}
            aria-label={`Active: ${deal.title}`}
            disabled={busy}
            onClick={() => onToggleActive(!deal.active)}
            // A 44 px tap target around the drawn track (issue 31).
            className="inline-flex h-11 w-12 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
          >
            <span aria-hidden="true" className={cn('inline-flex h-6 w-11 items-center rounded-full transition-colors', deal.active ? 'bg-brand-700' : 'bg-stone-300')}>
              <span className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', deal.active ? 'translate-x-5' : 'translate-x-0.5')} />
            </span>
          </button>
          Active
        </label>
        <Button variant="outline" size="sm" onClick={onEdit} disabled={busy}>Edit</Button>
        {onDeactivate && deal.active && (
          <Button variant="outline" size="sm" onClick={onDeactivate} disabled={busy}>Deactivate</Button>
        )}
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={onDelete} disabled={busy}>Delete</Button>
      </div>
    </DealCardFrame>
  );
}
