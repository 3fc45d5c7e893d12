import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInScreen } from '@/components/layout/signed-in-screen';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorStatus } from '@/lib/api-error';
import { formatCount } from '@/lib/numbers';
import { dateAndTime24 } from '@/lib/dates';
import type { SystemStatus } from '@shared/contract/index.ts';
import { useSystemStatus } from '../api/get-system-status';
import {
  ago, bytes, JOB_OUTCOMES, jobLastRun, jobWords, p95Words, percent, queueSentence, requestRate, webhookSentences,
} from '../utils/system-words';
import { AccessDenied } from './access-denied';
import { Cell, DataTable } from './data-table';
import { QueryState } from './query-state';

/**
 * /admin/system: the operator's console (decision 195) in words: what is alerting, Stripe webhooks, the mail and
 * push queues, the scheduled jobs, requests per route over 24 hours, the database's size. Read again every minute.
 */
export function SystemPage() {
  const status = useSystemStatus();
  const code = errorStatus(status.error);
  return (
    <SignedInScreen homePath={paths.admin} badge="Admin">
      <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        {code === 401 || code === 403 ? <AccessDenied /> : (
          <>
            <div className="flex flex-wrap items-end justify-between gap-4">
              <ScreenTitle subtitle="How the service is doing. Request figures arrive within a minute.">System</ScreenTitle>
              <ButtonLink to={paths.admin} variant="outline">Back to the dashboard</ButtonLink>
            </div>
            <QueryState query={status} loading="Loading the system's figures..." failure="Unable to load the system's figures.">
              {(s) => <Figures s={s} />}
            </QueryState>
          </>
        )}
      </main>
    </SignedInScreen>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-2 text-stone-800">{children}</CardContent>
    </Card>
  );
}

function Figures({ s }: { s: SystemStatus }) {
  const now = s.checkedAt;
  const errorShare = s.totals.requests ? s.totals.serverErrors / s.totals.requests : 0;
  return (
    <div className="space-y-6">
      <Section title="Alerts" description={`Checked ${dateAndTime24(now)}. Alerts go by mail to the admin address.`}>
        {s.alerts.length === 0 ? <p>All clear: nothing is alerting.</p> : (
          <ul className="list-disc space-y-1 pl-5" aria-label="Alerting now">
            {s.alerts.map((a) => (
              <li key={a.condition}>{a.detail ?? a.condition}{a.since ? ` (since ${ago(a.since, now)})` : ''}</li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Stripe webhooks">
        {webhookSentences(s.webhooks, now).map((line) => <p key={line}>{line}</p>)}
      </Section>
      <Section title="Queues" description="Mail and push messages wait here until they are sent; over 10 minutes is an alert.">
        {s.queues.map((q) => <p key={q.name}>{queueSentence(q)}</p>)}
      </Section>
      <Section
        title="Scheduled jobs"
        description={s.jobSource === 'cron' ? "Supabase Cron's jobs and their last runs." : s.jobSource === 'runner'
          ? "This server's own loops and their last runs." : 'No scheduled jobs are known to this server.'}
      >
        {s.jobs.length > 0 && (
          <DataTable label="Scheduled jobs" headers={['Job', 'How often', 'Last run', 'Outcome', 'Failures in 24 hours', 'On time']}>
            {s.jobs.map((job) => (
              <tr key={job.name}>
                <Cell>{jobWords(job.name)}<span className="block font-mono text-xs text-stone-500">{job.name}</span></Cell>
                <Cell>{job.schedule}</Cell>
                <Cell>{jobLastRun(job, now)}</Cell>
                <Cell>{job.lastOutcome ? JOB_OUTCOMES[job.lastOutcome] : '—'}{job.lastMessage ? ` (${job.lastMessage})` : ''}</Cell>
                <Cell>{formatCount(job.failures24h)}</Cell>
                <Cell>{!job.active ? 'Paused' : job.missedRuns ? 'Missed 3 runs' : 'Yes'}</Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </Section>
      <Section title="Requests in the last 24 hours">
        <p>
          {formatCount(s.totals.requests)} requests ({requestRate(s.totals)});
          {' '}{formatCount(s.totals.serverErrors)} answered with a server error ({percent(errorShare)}).
        </p>
        <DataTable label="Requests per route" headers={['Route', 'Requests', 'Server errors', 'Other refusals', 'Average', '95% of requests']} empty={s.routes.length === 0 && 'No requests yet'}>
          {s.routes.map((r) => (
            <tr key={`${r.method} ${r.route}`}>
              <Cell className="break-all">{r.method} {r.route}</Cell>
              <Cell>{formatCount(r.requests)}</Cell>
              <Cell>{formatCount(r.serverErrors)} ({percent(r.errorRate)})</Cell>
              <Cell>{formatCount(r.clientErrors)}</Cell>
              <Cell>{r.averageMs} ms</Cell>
              <Cell>{p95Words(r.p95Ms)}</Cell>
            </tr>
          ))}
        </DataTable>
      </Section>
      <Section title="Database">
        <p>The database takes {bytes(s.databaseBytes)}.</p>
      </Section>
    </div>
  );
}
