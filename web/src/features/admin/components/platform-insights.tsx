import { useMemo } from 'react';
import type { PlatformInsights as PlatformFigures } from '@shared/contract/index.ts';
import { ChartFigure } from '@/components/charts/chart-figure';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { downloadCsv } from '@/lib/csv';
import { formatCents } from '@shared/money.ts';
import { usePlatformInsights } from '../api/get-platform-insights';
import { platformInsightsCsv } from '../utils/platform-csv';

/** The platform per month (signups, memberships, volume, charity share): charts, tables and a CSV download. */
export function PlatformInsights() {
  const insights = usePlatformInsights();
  return (
    <section aria-labelledby="platform-insights-title" className="space-y-4" data-testid="platform-insights">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="platform-insights-title" className="text-xl font-semibold text-stone-900">Platform over 12 months</h2>
          <p className="text-sm text-stone-600">Per month (UTC); the current month so far.</p>
        </div>
        <Button
          variant="outline"
          disabled={!insights.data}
          onClick={() => insights.data && downloadCsv('platform-last-12-months.csv', platformInsightsCsv(insights.data))}
        >
          Download CSV
        </Button>
      </div>
      {insights.isPending ? (
        <div role="status">
          <span className="sr-only">Loading platform figures...</span>
          <Skeleton className="h-72 w-full" />
        </div>
      ) : insights.isError ? (
        <p className="rounded-xl border border-stone-200 bg-white p-6 text-sm text-stone-700">
          {errorMessage(insights.error, 'The platform figures could not be loaded. Please try again.')}
        </p>
      ) : (
        <PlatformCharts figures={insights.data} />
      )}
    </section>
  );
}

/** The platform's two charts: people (signups, memberships) and money (membership payments, charity share), per month. */
function PlatformCharts({ figures }: { figures: PlatformFigures }) {
  const charts = useMemo(() => [
    {
      testId: 'platform-people-chart',
      title: 'Signups and active memberships',
      description: 'Accounts created per month, and memberships running at each month\'s end.',
      series: [
        { label: 'Signups', values: figures.signups },
        { label: 'Active memberships', values: figures.activeMemberships },
      ],
    },
    {
      testId: 'platform-money-chart',
      title: 'Membership payments and charity share',
      description: 'Membership payments per month (not the in-store spend recorded at counters) and the share recorded for local charities.',
      series: [
        { label: 'Membership payments', values: figures.paymentVolumeCents },
        { label: 'Charity share', values: figures.charityShareCents },
      ],
      format: formatCents,
    },
  ], [figures]);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {charts.map((chart) => (
        <ChartFigure key={chart.testId} {...chart} labels={figures.months} labelHeading="Month" />
      ))}
    </div>
  );
}
