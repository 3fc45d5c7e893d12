import { useMemo, useState } from 'react';
import type { InsightWindow, MerchantInsights } from '@shared/contract/index.ts';
import { ChartFigure } from '@/components/charts/chart-figure';
import { BackLink } from '@/components/layout/back-link';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInScreen } from '@/components/layout/signed-in-screen';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessage, errorStatus } from '@/lib/api-error';
import { downloadCsv } from '@/lib/csv';
import { formatCents } from '@shared/money.ts';
import { formatCount } from '@/lib/numbers';
import { useMerchantInsights } from '../api/get-merchant-insights';
import { merchantInsightsCsv } from '../utils/insights-csv';

/** The windows the API offers (merchantInsightsQuery; only types come from the contract, so zod stays out). */
const WINDOWS: readonly InsightWindow[] = [30, 90];

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const pointsAsMoney = (points: number) => formatCents(points);

/** /merchant/insights: how the business's deals, points and followers did over the last 30 or 90 UTC days. */
export function MerchantInsightsPage() {
  const [days, setDays] = useState<InsightWindow>(30);
  const insights = useMerchantInsights(days);
  const status = errorStatus(insights.error);

  return (
    <SignedInScreen homePath={paths.merchant} badge="Merchant">
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to={paths.merchant}>Back to Dashboard</BackLink>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <ScreenTitle subtitle="Redemptions, points and followers per day (UTC).">Insights</ScreenTitle>
          <div className="flex flex-wrap items-center gap-2">
            <div role="group" aria-label="Period" className="inline-flex rounded-lg border border-stone-300 bg-white p-0.5">
              {WINDOWS.map((window) => (
                <button
                  key={window}
                  type="button"
                  aria-pressed={days === window}
                  onClick={() => setDays(window)}
                  className={`min-h-11 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                    days === window ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100'}`}
                >
                  Last {window} days
                </button>
              ))}
            </div>
            <ButtonLink variant="outline" to={paths.merchantMonthlyReport}>Monthly report</ButtonLink>
            <Button
              variant="outline"
              disabled={!insights.data || insights.isPlaceholderData}
              onClick={() => insights.data && downloadCsv(`insights-last-${insights.data.days}-days.csv`, merchantInsightsCsv(insights.data))}
            >
              Download CSV
            </Button>
          </div>
        </div>

        {insights.isPending ? (
          <div className="space-y-4" role="status">
            <span className="sr-only">Loading insights...</span>
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-72 w-full" />
          </div>
        ) : insights.isError ? (
          <Card>
            <CardContent className="p-6 text-sm text-stone-700">
              {status === 403
                ? 'Insights open once your business is approved.'
                : errorMessage(insights.error, 'Your insights could not be loaded. Please try again.')}
            </CardContent>
          </Card>
        ) : (
          <InsightFigures insights={insights.data} />
        )}
      </main>
    </SignedInScreen>
  );
}

function InsightFigures({ insights }: { insights: MerchantInsights }) {
  const { dates, deals, points, followers } = insights;
  const dealSeries = useMemo(() => deals.map((deal) => ({ label: deal.title, values: deal.redemptions })), [deals]);
  const pointSeries = useMemo(() => [
    { label: 'Points earned', values: points.earned },
    { label: 'Points redeemed', values: points.redeemed },
  ], [points]);
  const followerSeries = useMemo(() => [
    { label: 'Followers', values: followers.total },
    { label: 'New followers', values: followers.new },
  ], [followers]);
  const period = `the last ${insights.days} days (${dates[0]} to ${dates.at(-1)}, UTC)`;
  const totals = [
    { label: 'Redemptions', value: formatCount(sum(deals.map((deal) => deal.total))) },
    { label: 'Points earned', value: formatCount(points.totalEarned) },
    { label: 'Points redeemed', value: formatCount(points.totalRedeemed) },
    { label: 'Followers', value: formatCount(followers.total.at(-1) ?? 0) },
  ];

  return (
    <div className="space-y-6">
      <section aria-label={`Totals over ${period}`} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {totals.map((total) => (
          <Card key={total.label} className="p-5">
            <h2 className="text-sm font-medium text-stone-600">{total.label}</h2>
            <p className="mt-2 text-2xl font-bold tracking-tight text-stone-900" data-testid={`total-${total.label.toLowerCase().replaceAll(' ', '-')}`}>
              {total.value}
            </p>
          </Card>
        ))}
      </section>

      <section aria-labelledby="best-deals-title" className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <h2 id="best-deals-title" className="text-lg font-semibold text-stone-900">Best deals</h2>
        <p className="mt-1 text-sm text-stone-600">Most redeemed over {period}.</p>
        {insights.bestDeals.length === 0 ? (
          <p className="mt-3 text-sm text-stone-600">No codes were redeemed in this period.</p>
        ) : (
          <ol className="mt-3 space-y-2" data-testid="best-deals">
            {insights.bestDeals.map((deal, i) => (
              <li key={deal.dealId} className="flex items-baseline justify-between gap-4 text-sm">
                <span className="text-stone-900"><span className="mr-2 font-semibold text-stone-500">{i + 1}.</span>{deal.title}</span>
                <span className="font-semibold text-stone-900 tabular-nums">{formatCount(deal.total)} {deal.total === 1 ? 'redemption' : 'redemptions'}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <ChartFigure
        testId="redemptions-chart"
        title="Redemptions per day"
        description={`Codes accepted at your counter for each deal over ${period}. Undone codes are not counted.`}
        labels={dates}
        labelHeading="Date"
        series={dealSeries}
        empty="No codes were redeemed in this period."
      />
      <ChartFigure
        testId="points-chart"
        title="Points earned and redeemed"
        description={`Points your members earned and spent per day over ${period} (1 point = 1 cent; ${pointsAsMoney(points.totalEarned)} earned in all).`}
        labels={dates}
        labelHeading="Date"
        series={pointSeries}
      />
      <ChartFigure
        testId="followers-chart"
        title="Followers over time"
        description={`Members following your business at the end of each day, and new followers per day, over ${period}.`}
        labels={dates}
        labelHeading="Date"
        series={followerSeries}
      />
    </div>
  );
}
