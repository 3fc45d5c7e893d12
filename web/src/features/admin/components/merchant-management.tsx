import { shortDate } from '@/lib/dates';
import { LoadFailure } from '@/components/ui/load-failure';
import { useState } from 'react';
import type { AdminMerchant } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useDeleteMerchant } from '../api/delete-merchant';
import { useAdminMerchants } from '../api/get-admin-merchants';
import { Cell, DataTable } from './data-table';
import { MerchantReviewDialog } from './merchant-review-dialog';

const day = (iso: string | null) => (iso ? shortDate(iso) : '—');

/** Pending applications (Review and Approve) and active businesses (Delete, after confirmation). */
export function MerchantManagement() {
  const merchants = useAdminMerchants();
  const [reviewing, setReviewing] = useState<AdminMerchant | null>(null);
  const [deleting, setDeleting] = useState<AdminMerchant | null>(null);
  const remove = useDeleteMerchant({
    onSuccess: () => {
      toast({ title: 'Business deleted' });
      setDeleting(null);
    },
    onError: (error) => toast({ title: 'Failed to delete business', description: errorMessage(error), variant: 'destructive' }),
  });

  if (merchants.isPending) return <p className="py-8 text-center text-stone-600">Loading merchants...</p>;
  if (merchants.isError) return <LoadFailure message={`Unable to load merchants. ${errorMessage(merchants.error)}`} onRetry={() => void merchants.refetch()} />;
  const { pending, active } = merchants.data;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Pending Applications</CardTitle>
          <CardDescription>Businesses waiting for approval</CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable label="Pending applications" headers={['Business', 'Owner', 'City', 'Type', 'Applied', '']} empty={pending.length === 0 && 'No pending applications'}>
            {pending.map((m) => (
              <tr key={m.id}>
                <Cell className="font-medium">{m.name}</Cell>
                <Cell>
                  {m.ownerName}
                  <span className="block text-xs text-stone-500">{m.ownerEmail}</span>
                </Cell>
                <Cell>{m.cityName ?? '—'}</Cell>
                <Cell>{m.businessType ?? '—'}</Cell>
                <Cell>{day(m.createdAt)}</Cell>
                <Cell className="text-right">
                  <Button size="sm" variant="secondary" onClick={() => setReviewing(m)} aria-label={`Review ${m.name}`}>
                    Review
                  </Button>
                </Cell>
              </tr>
            ))}
          </DataTable>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Active Merchants</CardTitle>
          <CardDescription>Approved businesses on the platform</CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable label="Active merchants" headers={['Business', 'Owner', 'City', 'Type', 'Approved', '']} empty={active.length === 0 && 'No active merchants'}>
            {active.map((m) => (
              <tr key={m.id}>
                <Cell className="font-medium">{m.name}</Cell>
                <Cell>
                  {m.ownerName}
                  <span className="block text-xs text-stone-500">{m.ownerEmail}</span>
                </Cell>
                <Cell>{m.cityName ?? '—'}</Cell>
                <Cell>{m.businessType ?? '—'}</Cell>
                <Cell>{day(m.approvedAt)}</Cell>
                <Cell className="text-right">
                  <Button size="sm" variant="destructive" onClick={() => setDeleting(m)} aria-label={`Delete ${m.name}`}>
                    Delete
                  </Button>
                </Cell>
              </tr>
            ))}
          </DataTable>
        </CardContent>
      </Card>

      <MerchantReviewDialog merchant={reviewing} onClose={() => setReviewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete business?"
        message={`Are you sure you want to delete ${deleting?.name ?? 'this business'}? Its deals will disappear from every list and its collaborations will end. This action cannot be undone.`}
        confirmLabel="Delete Business"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
