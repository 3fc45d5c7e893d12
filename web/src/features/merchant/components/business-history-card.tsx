import { AUDIT_ACTION_LABELS } from '@shared/contract/index.ts';
import { describeChange } from '@/lib/audit-change';
import { dateAndTime24 } from '@/lib/dates';
import { errorMessage } from '@/lib/api-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadFailure } from '@/components/ui/load-failure';
import { useBusinessHistory } from '../api/get-business-history';

/** The owner's view of the audit log (decision 202): staff and tablet changes, approvals, hidden reviews, report decisions. */
export function BusinessHistoryCard() {
  const history = useBusinessHistory();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Changes by you and Pay Local</CardTitle>
        <CardDescription>Staff invited or removed, counter tablets, your listing, and Pay Local's decisions on reviews and reports.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <p className="py-4 text-stone-600">Loading...</p>
        ) : history.isError ? (
          <LoadFailure message={`Unable to load the changes. ${errorMessage(history.error)}`} onRetry={() => void history.refetch()} />
        ) : history.entries.length === 0 ? (
          <p className="py-4 text-stone-600">Nothing yet.</p>
        ) : (
          <ul aria-label="Changes by you and Pay Local" className="divide-y divide-stone-100">
            {history.entries.map((entry) => {
              const change = describeChange(entry.before, entry.after);
              return (
                <li key={entry.id} className="py-3 text-sm">
                  <p className="font-medium text-stone-900">{entry.description}</p>
                  <p className="text-stone-600">
                    {AUDIT_ACTION_LABELS[entry.action]} · {entry.actor} · {dateAndTime24(entry.at)}
                    {entry.reason ? ` · ${entry.reason}` : ''}
                  </p>
                  {change && <p className="text-stone-500">{change}</p>}
                </li>
              );
            })}
          </ul>
        )}
        {history.hasNextPage && (
          <Button size="sm" variant="outline" className="mt-3" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            {history.isFetchingNextPage ? 'Loading...' : 'Show older changes'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
