import { shortDate } from '@/lib/dates';
import { LoadFailure } from '@/components/ui/load-failure';
import type { AdminDispute } from '@shared/contract/index.ts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-error';
import { formatCents } from '@shared/money.ts';
import { useAdminDisputes } from '../api/get-admin-disputes';
import { Cell, DataTable } from './data-table';
import { membershipWords } from '../utils/account-words';

const STATUS: Record<AdminDispute['status'], { label: string; variant: 'destructive' | 'outline' | 'warning' }> = {
  open: { label: 'Open', variant: 'destructive' },
  won: { label: 'Won', variant: 'outline' },
  lost: { label: 'Lost', variant: 'warning' },
};

/** The evidence deadline, and how near it is while the dispute is open (the admin answers at the provider). */
function deadline(dispute: AdminDispute): string {
  if (!dispute.evidenceDueBy) return '—';
  const day = shortDate(dispute.evidenceDueBy);
  if (dispute.status !== 'open') return day;
  const days = Math.ceil((new Date(dispute.evidenceDueBy).getTime() - Date.now()) / 86_400_000);
  return days < 0 ? `${day} (passed)` : `${day} (${days === 0 ? 'today' : days === 1 ? 'in 1 day' : `in ${days} days`})`;
}

/** Disputes (chargebacks): open ones first, by evidence deadline; each with its member and their membership now. */
export function DisputeList() {
  const list = useAdminDisputes();
  const disputes = list.data?.disputes ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Disputes</CardTitle>
        <CardDescription>
          Chargebacks members opened with their bank. Answer an open one at the payment provider before its evidence deadline.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <p className="py-8 text-center text-stone-600">Loading disputes...</p>
        ) : list.isError ? (
          <LoadFailure message={`Unable to load disputes. ${errorMessage(list.error)}`} onRetry={() => void list.refetch()} />
        ) : (
          <DataTable label="Disputes" headers={['Status', 'Evidence due', 'Member', 'Amount', 'Opened', 'Membership']} empty={disputes.length === 0 && 'No disputes'}>
            {disputes.map((dispute) => (
              <tr key={dispute.id} data-testid="admin-dispute">
                <Cell><Badge variant={STATUS[dispute.status].variant}>{STATUS[dispute.status].label}</Badge></Cell>
                <Cell className="whitespace-nowrap">{deadline(dispute)}</Cell>
                <Cell className="break-words">
                  {dispute.memberName ?? 'Deleted account'}
                  {dispute.memberEmail && <span className="block text-xs text-stone-600">{dispute.memberEmail}</span>}
                </Cell>
                <Cell className="whitespace-nowrap">{formatCents(dispute.amountCents)}</Cell>
                <Cell className="whitespace-nowrap">{shortDate(dispute.openedAt)}</Cell>
                <Cell>{dispute.membership ? membershipWords(dispute.membership) : 'None'}</Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </CardContent>
    </Card>
  );
}
