import { Button } from '@/components/ui/button';
import { outbox } from '@/lib/outbox/outbox';
import type { OutboxEntry } from '@/lib/outbox/outbox-entry';
import { clockTime, dayAndTime } from '@/lib/dates';


function statusText(entry: OutboxEntry) {
  if (entry.status === 'failed') return `Failed: ${entry.error ?? 'the server refused it'}`;
  if (entry.status === 'sending') return 'Sending...';
  if (entry.retryAt !== undefined && entry.retryAt > Date.now()) {
    return `Waiting: ${entry.error ?? 'too many requests for now'} Sends again at ${clockTime(entry.retryAt)}`;
  }
  return 'Waiting for a connection';
}

/** The actions taken offline: waiting ones, and any the server refused on replay with the reason. */
export function OutboxList({ entries, online }: { entries: readonly OutboxEntry[]; online: boolean }) {
  return (
    <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" aria-label="Actions taken offline">
      {entries.map((entry) => (
        <li key={entry.seq} className="flex flex-wrap items-center gap-3 p-3" data-testid="outbox-entry" data-status={entry.status}>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-stone-900">{entry.label}</p>
            <p className={entry.status === 'failed' ? 'text-sm text-red-800' : 'text-sm text-stone-600'}>
              {statusText(entry)} · {dayAndTime(entry.createdAt)}
            </p>
          </div>
          <div className="flex gap-2">
            {entry.status === 'failed' && (
              <Button size="sm" variant="outline" disabled={!online} onClick={() => void outbox.retry(entry.seq!)}>
                Retry
              </Button>
            )}
            {entry.status !== 'sending' && (
              <Button size="sm" variant="ghost" onClick={() => void outbox.discard(entry.seq!)}>
                Discard
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
