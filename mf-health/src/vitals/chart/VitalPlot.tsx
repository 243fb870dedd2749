import { chartRange, TimeChart, type TimeChartTick } from '@sukoyaka/shared/charts';
import { useMemo } from 'react';
import type { ChartLine, ChartSeries } from './chart-types';

interface VitalPlotProps {
  series: readonly ChartSeries[];
  lines: readonly ChartLine[];
  from: Date;
  to: Date;
  /** Daily totals (steps, sleep) as bars, readings as lines with points. */
  bars?: boolean;
  ticks: readonly TimeChartTick[];
  /** The smallest span of the value axis (the kind's): small changes stay small. */
  minSpan: number;
}

const DAY_MS = 86_400_000;

/**
 * The y range from the readings alone (issue 27), at least the kind's `minSpan` wide: a reference
 * or goal line far from them does not stretch the axis; bars start at 0 and keep their goal in view.
 */
function valueRange(series: readonly ChartSeries[], lines: readonly ChartLine[], minSpan: number, bars: boolean): [number, number] {
  const values = series.flatMap((one) => one.points.map((point) => point.value));
  // Bars from 0, as a bar's length is its value: 0 is among the values the range must hold.
  if (bars) return chartRange([0, ...values, ...lines.filter((line) => line.kind === 'goal').map((line) => line.value)], minSpan, 0);
  return chartRange(values, minSpan);
}

/** The vitals' chart: readings as lines with points or daily totals as bars, and the reference and goal lines. */
export function VitalPlot({ series, lines, from, to, bars = false, ticks, minSpan }: VitalPlotProps) {
  const drawn = useMemo(
    () => ({
      values: valueRange(series, lines, minSpan, bars),
      // Oldest first: the lists answer newest first.
      series: series.map((one) => ({
        label: one.label,
        color: one.color,
        points: one.points.map((point) => ({ at: point.at.getTime(), value: point.value })).sort((a, b) => a.at - b.at),
      })),
      // The legend and the text name every line; the chart draws those inside its range.
      lines: lines.map((line) => ({ value: line.value, color: line.color, label: line.shortLabel, dashed: line.kind === 'reference' })),
    }),
    [series, lines, minSpan, bars],
  );
  return (
    <TimeChart
      height={220}
      range={[from.getTime(), to.getTime()]}
      values={drawn.values}
      series={drawn.series}
      lines={drawn.lines}
      ticks={ticks}
      bars={bars ? { slot: (series[0]?.barDays ?? 1) * DAY_MS } : undefined}
      points
      testId="vital-chart"
    />
  );
}
