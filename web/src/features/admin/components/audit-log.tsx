import { useDeferredValue, useState } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@shared/contract/index.ts';
import { dateAndTime24 } from '@/lib/dates';
import { describeChange } from '@/lib/audit-change';
import { LoadFailure } from '@/components/ui/load-failure';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label, Select } from '@/components/ui/form-controls';
import { errorMessage } from '@/lib/api-error';
import { type AuditLogFilter, auditLogCsvUrl, useAuditLog } from '../api/get-audit-log';
import { Cell, DataTable } from './data-table';

/** Every privileged act on someone else's data: who, when, what, before and after, why (nobody edits or deletes it). */
export function AuditLog() {
  const [filter, setFilter] = useState<AuditLogFilter>({ q: '', action: '', from: '', to: '' });
  // Typing searches once the input settles, not per keystroke.
  const search = useDeferredValue(filter);
  const log = useAuditLog(search);
  const set = (change: Partial<AuditLogFilter>) => setFilter((current) => ({ ...current, ...change }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Log</CardTitle>
        <CardDescription>
          Refunds, disputes, approvals, hidden reviews and posts, decisions on reports, staff and tablets, cities and charities:
          who did it, what changed and why. Entries are never changed.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <Input
            type="search"
            aria-label="Search the audit log"
            placeholder="Search by name, email or words..."
            value={filter.q}
            onChange={(e) => set({ q: e.target.value })}
            className="max-w-sm"
          />
          <Select aria-label="Action" value={filter.action} onChange={(e) => set({ action: e.target.value as AuditLogFilter['action'] })} className="w-48">
            <option value="">Every action</option>
            {AUDIT_ACTIONS.map((action) => <option key={action} value={action}>{AUDIT_ACTION_LABELS[action]}</option>)}
          </Select>
          <div>
            <Label htmlFor="audit-from">From (UTC)</Label>
            <Input id="audit-from" type="date" value={filter.from} onChange={(e) => set({ from: e.target.value })} />
          </div>
          <div>
            <Label htmlFor="audit-to">To (UTC)</Label>
            <Input id="audit-to" type="date" value={filter.to} onChange={(e) => set({ to: e.target.value })} />
          </div>
          <a className={buttonClasses('outline', 'md')} href={auditLogCsvUrl(search)} download>Download CSV</a>
        </div>
        {log.isPending ? (
          <p className="py-8 text-center text-stone-600">Loading the audit log...</p>
        ) : log.isError ? (
          <LoadFailure message={`Unable to load the audit log. ${errorMessage(log.error)}`} onRetry={() => void log.refetch()} />
        ) : (
          <>
            <DataTable label="Audit log" headers={['When', 'Who', 'Action', 'What', 'Change', 'Why']} empty={log.entries.length === 0 && 'Nothing found'}>
              {log.entries.map((entry) => (
                <tr key={entry.id}>
                  <Cell className="whitespace-nowrap">{dateAndTime24(entry.at)}</Cell>
                  <Cell>{entry.actor}</Cell>
                  <Cell className="whitespace-nowrap">{AUDIT_ACTION_LABELS[entry.action]}</Cell>
                  <Cell>{entry.description}</Cell>
                  <Cell className="break-words text-stone-600">{describeChange(entry.before, entry.after) || '—'}</Cell>
                  <Cell className="break-words">{entry.reason ?? '—'}</Cell>
                </tr>
              ))}
            </DataTable>
            {log.hasNextPage && (
              <Button size="sm" variant="outline" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                {log.isFetchingNextPage ? 'Loading...' : 'Show older entries'}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
