import { dateAndTime24 } from '@/lib/dates';
import { LoadFailure } from '@/components/ui/load-failure';
import type { AuditEntry } from '@shared/contract/index.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-error';
import { formatCents } from '@shared/money.ts';
import { useAuditLog } from '../api/get-audit-log';
import { Cell, DataTable } from './data-table';

const ACTIONS: Record<AuditEntry['action'], string> = {
  refund: 'Refund',
  dispute_opened: 'Dispute opened',
  dispute_won: 'Dispute won',
  dispute_lost: 'Dispute lost',
  review_hidden: 'Review hidden',
  review_restored: 'Review restored',
  post_hidden: 'Post hidden',
  post_restored: 'Post restored',
};

/** What an entry did, in words: the amount, the charity cents reversed, whether the membership ended. */
function what(entry: AuditEntry): string {
  const d = entry.details as { amountCents?: number; charityCents?: number; membershipEnded?: boolean; reviewId?: number; description?: string };
  // A community post's entry carries its own words (decision 196): "community post by Maya in Lyons: ...".
  if (d.description) return d.description;
  return [
    d.reviewId !== undefined ? `review ${d.reviewId}` : null,
    d.amountCents !== undefined ? formatCents(d.amountCents) : null,
    d.charityCents ? `charity −${formatCents(d.charityCents)}` : null,
    d.membershipEnded ? 'membership ended' : null,
  ].filter(Boolean).join(', ');
}

/** Every refund and dispute action: who, when, why, what (read only: nobody edits or deletes it). */
export function AuditLog() {
  const log = useAuditLog();
  const entries = log.data?.entries ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Log</CardTitle>
        <CardDescription>Every refund and dispute, who did it and why. Entries are never changed.</CardDescription>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <p className="py-8 text-center text-stone-600">Loading the audit log...</p>
        ) : log.isError ? (
          <LoadFailure message={`Unable to load the audit log. ${errorMessage(log.error)}`} onRetry={() => void log.refetch()} />
        ) : (
          <DataTable label="Audit log" headers={['When', 'Who', 'Action', 'Member', 'What', 'Why']} empty={entries.length === 0 && 'Nothing yet'}>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <Cell className="whitespace-nowrap">{dateAndTime24(entry.at)}</Cell>
                <Cell>{entry.actor}</Cell>
                <Cell className="whitespace-nowrap">{ACTIONS[entry.action]}</Cell>
                <Cell>{entry.subjectName ?? 'Deleted account'}</Cell>
                <Cell>{what(entry)}</Cell>
                <Cell className="break-words">{entry.reason ?? '—'}</Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </CardContent>
    </Card>
  );
}
