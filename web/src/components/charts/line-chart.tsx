import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';

/**
 * The chart library (uPlot) and its styles, fetched the first time a chart is drawn: a lazy chunk that only the
 * insight screens ask for, never part of the first screens' JavaScript.
 */
let library: Promise<typeof uPlot> | null = null;
const loadUplot = () => {
  library ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);
  return library;
};

export interface ChartSeries {
  label: string;
  values: readonly number[];
}

/** Colours of the series, in order (readable on white, told apart by the legend too). */
export const SERIES_COLOURS = ['#0f766e', '#b45309', '#7c3aed', '#be123c', '#1d4ed8', '#4d7c0f', '#a21caf', '#334155'];

/** Steps of 1, 2, 5 (and 25) × 10ⁿ from 1 up: the y axis of whole counts never shows 0.2 of a follower (issue 31). */
export const WHOLE_STEPS: readonly number[] = Array.from({ length: 10 }, (_, power) => [1, 2, 2.5, 5].map((step) => step * 10 ** power))
  .flat().filter(Number.isInteger);

/** Counts (every value whole) get whole-number steps on the y axis; other figures keep the library's steps. */
export function yAxisSteps(series: readonly ChartSeries[]): number[] | undefined {
  return series.every((s) => s.values.every(Number.isInteger)) ? [...WHOLE_STEPS] : undefined;
}

/** "2026-11-23" or "2026-11" to UTC seconds. */
/**
 * The y axis as wide as its widest tick label ("$1,000.00"), so no label is clipped: a fixed 60 px cut "$100.00"
 * (issue 42). uPlot measures with the axis font scaled by the pixel ratio, hence the division.
 */
export const yAxisWidth: uPlot.Axis.Size = (self, values, axisIdx) => {
  const axis = self.axes[axisIdx]!;
  const tickAndGap = (axis.ticks?.size ?? 10) + (axis.gap ?? 5);
  const longest = (values ?? []).reduce((widest, value) => (value.length > widest.length ? value : widest), '');
  if (!longest) return tickAndGap + 40;
  // Once uPlot has set up, an axis's font is [css font, size] though the options' type says string.
  const font = axis.font as unknown as [string, number] | string | undefined;
  self.ctx.font = (Array.isArray(font) ? font[0] : font) ?? self.ctx.font;
  return Math.ceil(tickAndGap + self.ctx.measureText(longest).width / devicePixelRatio) + 4;
};

const toSeconds = (label: string) => Date.parse(label.length === 7 ? `${label}-01T00:00:00Z` : `${label}T00:00:00Z`) / 1000;

interface LineChartProps {
  /** UTC days ("YYYY-MM-DD") or months ("YYYY-MM"), oldest first. */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** The y axis's numbers (default: as they are). */
  format?: (value: number) => string;
  height?: number;
}

/**
 * A line per series over UTC days or months. Drawn on a canvas, so it is hidden from assistive technology:
 * the same figures must be shown beside it as a table (ChartFigure does).
 */
export function LineChart({ labels, series, format, height = 240 }: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    loadUplot().then((UPlot) => {
      if (cancelled) return;
      const months = labels[0]?.length === 7;
      const opts: uPlot.Options = {
        width: Math.max(target.clientWidth, 200),
        height,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        // Days and months are UTC (decision 120), whatever the browser's zone.
        tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { values: months ? '{MMM} {YY}' : '{MMM} {D}', stroke: '#44403c', grid: { stroke: '#e7e5e4' } },
          {
            stroke: '#44403c', grid: { stroke: '#e7e5e4' }, size: yAxisWidth, incrs: yAxisSteps(series),
            values: (_u, splits) => splits.map((v) => (format ? format(v) : String(v))),
          },
        ],
        series: [
          {},
          ...series.map((s, i) => ({
            label: s.label, stroke: SERIES_COLOURS[i % SERIES_COLOURS.length], width: 2,
            points: { show: labels.length <= 31 },
          })),
        ],
      };
      const data: uPlot.AlignedData = [labels.map(toSeconds), ...series.map((s) => [...s.values])];
      chart = new UPlot(opts, data, target);
      observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(target.clientWidth, 200), height }));
      observer.observe(target);
    }).catch(() => { if (!cancelled) setFailed(true); });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [labels, series, format, height]);

  return (
    <div aria-hidden="true" className="w-full overflow-hidden" style={{ minHeight: height }} data-testid="line-chart">
      {failed ? <p className="py-8 text-center text-sm text-stone-600">The chart could not be loaded. The table below has the same figures.</p> : <div ref={box} />}
    </div>
  );
}
