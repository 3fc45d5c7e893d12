import { LineChart, SERIES_COLOURS, type ChartSeries } from './line-chart';

interface ChartFigureProps {
  title: string;
  /** One line under the title: what the figures are and in which days or months. */
  description: string;
  /** UTC days ("YYYY-MM-DD") or months ("YYYY-MM"), oldest first. */
  labels: readonly string[];
  /** Heading of the labels column of the table ("Date", "Month"). */
  labelHeading: string;
  series: readonly ChartSeries[];
  /** How a value reads in the table and on the axis (default: a plain number). */
  format?: (value: number) => string;
  /** Shown instead of the chart when there are no series. */
  empty?: string;
  testId: string;
}

const plain = new Intl.NumberFormat('en-US');

/**
 * A chart and, beside it, the same figures as a table (the text alternative: the canvas is hidden from screen
 * readers), with a legend that names each line in words.
 */
export function ChartFigure({ title, description, labels, labelHeading, series, format, empty, testId }: ChartFigureProps) {
  const show = format ?? ((value: number) => plain.format(value));
  const headingId = `${testId}-title`;
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6" data-testid={testId}>
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">{title}</h2>
      <p className="mt-1 text-sm text-stone-600">{description}</p>
      {series.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">{empty ?? 'Nothing yet.'}</p>
      ) : (
        <>
          <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700" aria-label={`${title}: lines`}>
            {series.map((s, i) => (
              <li key={`${i}-${s.label}`} className="flex items-center gap-1.5">
                <span aria-hidden="true" className="inline-block h-1 w-4 rounded" style={{ backgroundColor: SERIES_COLOURS[i % SERIES_COLOURS.length] }} />
                {s.label}
              </li>
            ))}
          </ul>
          <div className="mt-3">
            <LineChart labels={labels} series={series} format={format} />
          </div>
          <details className="mt-3 text-sm">
            <summary className="min-h-11 cursor-pointer rounded-md py-3 font-medium text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
              Show the figures as a table
            </summary>
            {/* Scrolls on its own: focusable so keyboard users can scroll it too. */}
            <div tabIndex={0} role="region" aria-label={`${title}: table`} className="mt-2 max-h-96 overflow-auto rounded-xl border border-stone-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
              <table className="min-w-full divide-y divide-stone-200 text-sm">
                <caption className="sr-only">{title}</caption>
                <thead className="sticky top-0 bg-stone-50">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-stone-700">{labelHeading}</th>
                    {series.map((s, i) => (
                      <th key={`${i}-${s.label}`} scope="col" className="px-3 py-2 text-right font-semibold text-stone-700">{s.label}</th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100 bg-white">
                  {labels.map((label, row) => (
                    <tr key={label}>
                      <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap text-stone-800">{label}</th>
                      {series.map((s, i) => (
                        <td key={`${i}-${s.label}`} className="px-3 py-1.5 text-right text-stone-800 tabular-nums">{show(s.values[row] ?? 0)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
