import { shortDate } from '@/lib/dates';
import { businessCategoryLabel } from '@/lib/categories';
import { type ReactNode, useState } from 'react';
import type { AdminMerchant } from '@shared/contract/index.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDeleteMerchant } from '../api/delete-merchant';
import { useAdminMerchants } from '../api/get-admin-merchants';
import { actionToasts } from '../utils/action-toasts';
import { ConfirmRowAction } from './confirm-row-action';
import { Cell, DataTable, RowButton } from './data-table';
import { MerchantReviewDialog } from './merchant-review-dialog';
import { BusinessLocationsDialog } from './business-locations-dialog';
import { QueryState } from './query-state';

const day = (iso: string | null) => (iso ? shortDate(iso) : '—');

/** One card of businesses: who owns each, where, what kind, since when (`dateHeader`), and the row's action. */
function MerchantsCard({ title, description, label, dateHeader, empty, merchants, dateOf, action }: {
  title: string;
  description: string;
  label: string;
  dateHeader: string;
  empty: string;
  merchants: AdminMerchant[];
  dateOf: (merchant: AdminMerchant) => string | null;
  action: (merchant: AdminMerchant) => ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable label={label} headers={['Business', 'Owner', 'City', 'Type', dateHeader, '']} empty={merchants.length === 0 && empty}>
          {merchants.map((m) => (
            <tr key={m.id}>
              <Cell className="font-medium">{m.name}</Cell>
              <Cell>
                {m.ownerName}
                <span className="block text-xs text-stone-500">{m.ownerEmail}</span>
              </Cell>
              <Cell>{m.cityName ?? '—'}</Cell>
              <Cell>{businessCategoryLabel(m.businessType) ?? '—'}</Cell>
              <Cell>{day(dateOf(m))}</Cell>
              <Cell className="text-right">{action(m)}</Cell>
            </tr>
          ))}
        </DataTable>
      </CardContent>
    </Card>
  );
}

/** Pending applications (Review and Approve) and active businesses (Delete, after confirmation). */
export function MerchantManagement() {
  const merchants = useAdminMerchants();
  const [reviewing, setReviewing] = useState<AdminMerchant | null>(null);
  const [deleting, setDeleting] = useState<AdminMerchant | null>(null);
  const [locating, setLocating] = useState<AdminMerchant | null>(null);
  const remove = useDeleteMerchant(actionToasts({ done: 'Business deleted', failed: 'Failed to delete business', close: () => setDeleting(null) }));

  return (
    <QueryState query={merchants} loading="Loading merchants..." failure="Unable to load merchants.">
      {({ pending, active }) => (
        <div className="space-y-6">
          <MerchantsCard
            title="Pending Applications"
            description="Businesses waiting for approval"
            label="Pending applications"
            dateHeader="Applied"
            empty="No pending applications"
            merchants={pending}
            dateOf={(m) => m.createdAt}
            action={(m) => (
              <RowButton variant="secondary" label={`Review ${m.name}`} onClick={() => setReviewing(m)}>Review</RowButton>
            )}
          />
          <MerchantsCard
            title="Active Merchants"
            description="Approved businesses on the platform"
            label="Active merchants"
            dateHeader="Approved"
            empty="No active merchants"
            merchants={active}
            dateOf={(m) => m.approvedAt}
            action={(m) => (
              <div className="flex flex-wrap justify-end gap-2">
                <RowButton variant="secondary" label={`Locations of ${m.name}`} onClick={() => setLocating(m)}>Locations</RowButton>
                <RowButton variant="destructive" label={`Delete ${m.name}`} onClick={() => setDeleting(m)}>Delete</RowButton>
              </div>
            )}
          />

          <MerchantReviewDialog merchant={reviewing} onClose={() => setReviewing(null)} />
          <BusinessLocationsDialog merchant={locating} onClose={() => setLocating(null)} />
          <ConfirmRowAction
            verb="Delete"
            thing="business"
            target={deleting}
            message={`Are you sure you want to delete ${deleting?.name ?? 'this business'}? Its deals will disappear from every list and its collaborations will end. This action cannot be undone.`}
            pending={remove.isPending}
            onConfirm={(merchant) => remove.mutate(merchant.id)}
            onCancel={() => setDeleting(null)}
          />
        </div>
      )}
    </QueryState>
  );
}
