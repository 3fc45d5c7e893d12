import type { MonthlyFigures } from '@shared/contract/index.ts';
import { monthName } from '@shared/iso-dates.ts';
import { SHOWN_FIGURE_ROWS } from '@/lib/monthly-figures';

/**
 * One month's figures beside the month before (decision 211): the owner's report and the admin's card. On a phone
 * each figure is a stacked row (its name, then the two months side by side, each named), so nothing scrolls
 * sideways; from `sm` up, a table of three columns. The explicit roles keep it a table to screen readers whichever
 * way it is drawn (a table drawn as blocks loses them in some browsers).
 */
export function MonthlyFiguresTable({ month, previousMonth, figures, previous }: {
  month: string; previousMonth: string; figures: MonthlyFigures; previous: MonthlyFigures;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
      <table role="table" className="block w-full text-left text-sm sm:table" data-testid="monthly-figures">
        <caption className="sr-only">{monthName(month)} beside {monthName(previousMonth)}</caption>
        <thead role="rowgroup" className="sr-only border-b border-stone-200 bg-stone-50 text-stone-600 sm:not-sr-only sm:table-header-group">
          <tr role="row">
            <th role="columnheader" scope="col" className="px-4 py-3 font-medium">Figure</th>
            <th role="columnheader" scope="col" className="px-3 py-3 text-right font-medium sm:px-4">{monthName(month)}</th>
            <th role="columnheader" scope="col" className="px-3 py-3 text-right font-medium sm:px-4">{monthName(previousMonth)}</th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="block divide-y divide-stone-100 sm:table-row-group">
          {SHOWN_FIGURE_ROWS.map((row) => (
            <tr role="row" key={row.key} data-testid={`figure-${row.key}`} className="grid grid-cols-2 gap-x-4 gap-y-1 px-4 py-3 sm:table-row sm:p-0">
              <th role="rowheader" scope="row" className="col-span-2 font-normal sm:px-4 sm:py-3">
                <span className="block font-medium text-stone-900">{row.label}</span>
                <span className="block text-xs text-stone-600">{row.hint}</span>
              </th>
              <td role="cell" className="min-w-0 sm:px-4 sm:py-3 sm:text-right">
                {/* The column headers name the months from `sm` up; on a phone each value names its own. */}
                <span aria-hidden="true" className="block text-xs text-stone-500 sm:hidden">{monthName(month)}</span>
                <span className="block font-semibold tabular-nums break-words text-stone-900" data-testid="this-month">{row.show(figures)}</span>
              </td>
              <td role="cell" className="min-w-0 sm:px-4 sm:py-3 sm:text-right">
                <span aria-hidden="true" className="block text-xs text-stone-500 sm:hidden">{monthName(previousMonth)}</span>
                <span className="block tabular-nums break-words text-stone-600" data-testid="previous-month">{row.show(previous)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
