import { useState } from 'react';
import { monthName } from '@shared/iso-dates.ts';
import { MonthlyFiguresTable } from '@/components/insights/monthly-figures-table';
import { Button } from '@/components/ui/button';
import { Label, Select } from '@/components/ui/form-controls';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { downloadCsv } from '@/lib/csv';
import { monthlyFiguresCsv, pickerMonths } from '@/lib/monthly-figures';
import { usePlatformMonthlyReport } from '../api/get-platform-monthly-report';

/** The owners' monthly value report, every business summed (decision 211): each in its own city's month. */
export function PlatformMonthlyReport() {
  const months = pickerMonths();
  // The last full month to begin with, the one the owners were mailed.
  const [month, setMonth] = useState(() => months[1]!);
  const report = usePlatformMonthlyReport(month);
  return (
    <section aria-labelledby="platform-monthly-title" className="space-y-4" data-testid="platform-monthly-report">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="platform-monthly-title" className="text-xl font-semibold text-stone-900">What businesses got in a month</h2>
          <p className="text-sm text-stone-600">The figures of the owners&apos; monthly reports, all businesses together, each in its own city&apos;s month.</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1">
            <Label htmlFor="platform-report-month">Month</Label>
            <Select id="platform-report-month" value={month} onChange={(event) => setMonth(event.target.value)}>
              {months.map((m) => <option key={m} value={m}>{monthName(m)}</option>)}
            </Select>
          </div>
          <Button
            variant="outline"
            disabled={!report.data || report.isPlaceholderData}
            onClick={() => report.data && downloadCsv(`platform-monthly-report-${report.data.month}.csv`, monthlyFiguresCsv(report.data))}
          >
            Download CSV
          </Button>
        </div>
      </div>
      {report.isPending ? (
        <div role="status">
          <span className="sr-only">Loading the monthly figures...</span>
          <Skeleton className="h-72 w-full" />
        </div>
      ) : report.isError ? (
        <p className="rounded-xl border border-stone-200 bg-white p-6 text-sm text-stone-700">
          {errorMessage(report.error, 'The monthly figures could not be loaded. Please try again.')}
        </p>
      ) : (
        <MonthlyFiguresTable month={report.data.month} previousMonth={report.data.previousMonth} figures={report.data.figures} previous={report.data.previous} />
      )}
    </section>
  );
}
