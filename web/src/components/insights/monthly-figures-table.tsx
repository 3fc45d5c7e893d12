import type { MonthlyFigures } from '@shared/contract/index.ts';
import { monthName } from '@shared/iso-dates.ts';
import { SHOWN_FIGURE_ROWS } from '@/lib/monthly-figures';

/** One month's figures beside the month before (decision 211): the owner's report and the admin's card. */
export function MonthlyFiguresTable({ month, previousMonth, figures, previous }: {
  month: string; previousMonth: string; figures: MonthlyFigures; previous: MonthlyFigures;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm" data-testid="monthly-figures">
        <caption className="sr-only">{monthName(month)} beside {monthName(previousMonth)}</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-stone-600">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Figure</th>
            <th scope="col" className="px-3 py-3 text-right font-medium sm:px-4">{monthName(month)}</th>
            <th scope="col" className="px-3 py-3 text-right font-medium sm:px-4">{monthName(previousMonth)}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {SHOWN_FIGURE_ROWS.map((row) => (
            <tr key={row.key} data-testid={`figure-${row.key}`}>
              <th scope="row" className="px-4 py-3 font-normal">
                <span className="block font-medium text-stone-900">{row.label}</span>
                {/* On a phone the three columns need the width; the hint waits for a wider screen. */}
                <span className="hidden text-xs text-stone-600 sm:block">{row.hint}</span>
              </th>
              <td className="px-4 py-3 text-right font-semibold tabular-nums text-stone-900" data-testid="this-month">{row.show(figures)}</td>
              <td className="px-4 py-3 text-right tabular-nums text-stone-600" data-testid="previous-month">{row.show(previous)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
