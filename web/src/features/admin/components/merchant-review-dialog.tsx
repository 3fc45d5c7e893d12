import { shortDate } from '@/lib/dates';
import { businessCategoryLabel } from '@/lib/categories';
import type { ReactNode } from 'react';
import type { AdminMerchant } from '@shared/contract/index.ts';
import { formatBps } from '@shared/basis-points.ts';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { useApproveMerchant } from '../api/approve-merchant';
import { actionToasts } from '../utils/action-toasts';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{label}</dt>
      <dd className="text-sm text-stone-900">{children || '—'}</dd>
    </div>
  );
}

/** "Review and Approve": the application's details, and Approve. */
export function MerchantReviewDialog({ merchant, onClose }: { merchant: AdminMerchant | null; onClose: () => void }) {
  const approve = useApproveMerchant(actionToasts({ done: 'Merchant approved', failed: 'Failed to approve merchant', close: onClose }));

  return (
    <Modal open={merchant !== null} onClose={approve.isPending ? () => {} : onClose} title="Review and Approve" description={merchant?.name}>
      {merchant && (
        <div className="space-y-5">
          <dl className="grid gap-3 sm:grid-cols-2">
            <Detail label="Business">{merchant.name}</Detail>
            <Detail label="Owner">{`${merchant.ownerName} (${merchant.ownerEmail})`}</Detail>
            <Detail label="Address">{merchant.address}</Detail>
            <Detail label="City">{merchant.cityName}</Detail>
            <Detail label="Business type">{businessCategoryLabel(merchant.businessType)}</Detail>
            <Detail label="Women-owned">{merchant.isWomenOwned ? 'Yes' : 'No'}</Detail>
            <Detail label="Phone">{merchant.phone}</Detail>
            <Detail label="Website">{merchant.website}</Detail>
            <Detail label="Reward rate">{formatBps(merchant.rewardRateBps)}</Detail>
            <Detail label="Applied">{shortDate(merchant.createdAt)}</Detail>
          </dl>
          {merchant.description && <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-800">{merchant.description}</p>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={approve.isPending}>
              Close
            </Button>
            <Button onClick={() => approve.mutate(merchant.id)} pending={approve.isPending}>
              {approve.isPending ? 'Approving...' : 'Approve'}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
