import { useSearchParams } from 'react-router';
import type { MonthlyReport } from '@shared/contract/index.ts';
import { monthName } from '@shared/iso-dates.ts';
import { formatCents } from '@shared/money.ts';
import { MonthlyFiguresTable } from '@/components/insights/monthly-figures-table';
import { BackLink } from '@/components/layout/back-link';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInScreen } from '@/components/layout/signed-in-screen';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label, Select } from '@/components/ui/form-controls';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessage, errorStatus } from '@/lib/api-error';
import { downloadCsv } from '@/lib/csv';
import { monthlyFiguresCsv, pickerMonths } from '@/lib/monthly-figures';
import { formatCount } from '@/lib/numbers';
import { useMonthlyReport } from '../api/get-monthly-report';

/**
 * /merchant/insights/monthly?month=YYYY-MM: what Pay Local brought the business in one of its local months, beside
 * the month before, per location, with a CSV (decision 211). The monthly mail links here.
 */
export function MonthlyReportPage() {
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? undefined;
  const location = params.get('location') ?? undefined;
  const report = useMonthlyReport(month, location);
  const status = errorStatus(report.error);
  const shownMonth = report.data?.month ?? month;

  const choose = (key: 'month' | 'location', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <SignedInScreen homePath={paths.merchant} badge="Merchant">
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to={paths.merchantInsights}>Back to Insights</BackLink>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <ScreenTitle subtitle="What Pay Local members brought your business in a month, beside the month before.">Monthly report</ScreenTitle>
          <div className="flex flex-wrap items-end gap-3">
            <div className="space-y-1">
              <Label htmlFor="report-month">Month</Label>
              <Select id="report-month" value={shownMonth ?? ''} onChange={(event) => choose('month', event.target.value)}>
                {pickerMonths(shownMonth).map((m) => <option key={m} value={m}>{monthName(m)}</option>)}
              </Select>
            </div>
            {report.data && report.data.locations.length > 1 && (
              <div className="space-y-1">
                <Label htmlFor="report-location">Location</Label>
                <Select id="report-location" value={location ?? ''} onChange={(event) => choose('location', event.target.value)}>
                  <option value="">All locations</option>
                  {report.data.locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
                </Select>
              </div>
            )}
            <Button
              variant="outline"
              disabled={!report.data || report.isPlaceholderData}
              onClick={() => report.data && downloadCsv(`monthly-report-${report.data.month}.csv`, monthlyFiguresCsv(report.data))}
            >
              Download CSV
            </Button>
          </div>
        </div>

        {report.isPending ? (
          <div className="space-y-4" role="status">
            <span className="sr-only">Loading the monthly report...</span>
            <Skeleton className="h-96 w-full" />
          </div>
        ) : report.isError ? (
          <Card>
            <CardContent className="p-6 text-sm text-stone-700">
              {status === 403
                ? 'The monthly report opens once your business is approved.'
                : errorMessage(report.error, 'Your monthly report could not be loaded. Please try again.')}
            </CardContent>
          </Card>
        ) : (
          <MonthlyReportFigures report={report.data} />
        )}
      </main>
    </SignedInScreen>
  );
}

function MonthlyReportFigures({ report }: { report: MonthlyReport }) {
  const where = report.location ? report.locations.find((l) => l.id === report.location)?.name : null;
  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-600">
        {monthName(report.month)} in your city&apos;s time ({report.timeZone}){where ? `, at ${where}` : ''}.
        {report.location ? ' Followers belong to the whole business, so they are not shown per location.' : ''}
      </p>
      <MonthlyFiguresTable month={report.month} previousMonth={report.previousMonth} figures={report.figures} previous={report.previous} />
      {report.city && (
        <section aria-labelledby="city-comparison-title" className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm" data-testid="city-comparison">
          <h2 id="city-comparison-title" className="text-lg font-semibold text-stone-900">Businesses like yours in {report.city.cityName}</h2>
          <p className="mt-1 text-sm text-stone-600">
            The middle figure of {formatCount(report.city.businesses)} approved businesses in the same category, {monthName(report.month)}.
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
            {[
              ['Visits', formatCount(report.city.visits)],
              ['Members who visited', formatCount(report.city.uniqueMembers)],
              ['New to them', formatCount(report.city.newMembers)],
              ['Member spend recorded', formatCents(report.city.spendCents)],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-stone-600">{label}</dt>
                <dd className="text-xl font-bold tabular-nums text-stone-900">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}
