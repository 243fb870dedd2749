import { useCallback } from 'react';
import type uPlot from 'uplot';
import { ChartCanvas, chartRange, linesInRange, type ChartPlot } from '@sukoyaka/shared/widgets';
import type { ChartLine, ChartSeries } from './chart-types';

interface VitalCanvasProps {
  series: readonly ChartSeries[];
  lines: readonly ChartLine[];
  from: Date;
  to: Date;
  /** Daily totals (steps) as bars, readings as lines with points. */
  bars?: boolean;
  /** The x axis' label of a moment (the period's). */
  tickFormat: (at: Date) => string;
  /** The smallest span of the value axis (the kind's): small changes stay small. */
  minSpan: number;
}

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The x values (seconds) of every reading, ascending, and each series' values at them. */
function chartData(series: readonly ChartSeries[]): uPlot.AlignedData {
  const moments = [...new Set(series.flatMap((one) => one.points.map((point) => toSeconds(point.at))))].sort((a, b) => a - b);
  const columns = series.map((one) => {
    const byMoment = new Map(one.points.map((point) => [toSeconds(point.at), point.value]));
    return moments.map((moment) => byMoment.get(moment) ?? null);
  });
  return [moments, ...columns];
}

/**
 * The y range from the readings alone (issue 27), at least the kind's `minSpan` wide: a reference
 * or goal line far from them does not stretch the axis; bars start at 0 and keep their goal in view.
 */
function valueRange(series: readonly ChartSeries[], lines: readonly ChartLine[], minSpan: number, bars: boolean): [number, number] {
  const values = series.flatMap((one) => one.points.map((point) => point.value));
  if (bars) return chartRange([...values, ...lines.filter((line) => line.kind === 'goal').map((line) => line.value)], minSpan, 0);
  return chartRange(values, minSpan);
}

/** The vitals' chart: readings as lines with points or daily totals as bars, and the reference and goal lines. */
export function VitalCanvas({ series, lines, from, to, bars = false, tickFormat, minSpan }: VitalCanvasProps) {
  const plot = useCallback(
    (lib: typeof uPlot): ChartPlot => {
      const [low, high] = valueRange(series, lines, minSpan, bars);
      // Only the lines inside the range are drawn; the legend and the text still name every one.
      const shown = linesInRange(lines, [low, high]);
      const barPaths = bars ? lib.paths.bars?.({ size: [0.7, 24] }) : undefined;
      return {
        options: {
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: true, range: [toSeconds(from), toSeconds(to)] }, y: { range: [low, high] } },
          axes: [
            {
              space: 56,
              values: (_chart, splits) => splits.map((split) => tickFormat(new Date(split * 1000))),
            },
            { size: 56 },
          ],
          series: [
            {},
            ...series.map((one) => ({
              label: one.label,
              stroke: one.color,
              fill: bars ? one.color : undefined,
              width: 2,
              spanGaps: true,
              points: { show: !bars, size: 6, fill: one.color },
              paths: barPaths,
            })),
          ],
          hooks: {
            // Reference ranges and goals across the whole plot, dashed, labelled at the right.
            draw: [
              (chart) => {
                const { ctx, bbox } = chart;
                ctx.save();
                ctx.font = `${Math.round(12 * lib.pxRatio)}px sans-serif`;
                ctx.textAlign = 'right';
                for (const line of shown) {
                  const y = Math.round(chart.valToPos(line.value, 'y', true));
                  ctx.strokeStyle = line.color;
                  ctx.fillStyle = line.color;
                  ctx.lineWidth = lib.pxRatio * 1.5;
                  ctx.setLineDash(line.kind === 'goal' ? [] : [6 * lib.pxRatio, 4 * lib.pxRatio]);
                  ctx.beginPath();
                  ctx.moveTo(bbox.left, y);
                  ctx.lineTo(bbox.left + bbox.width, y);
                  ctx.stroke();
                  ctx.fillText(line.shortLabel, bbox.left + bbox.width - 4, y - 4);
                }
                ctx.restore();
              },
            ],
          },
        },
        data: chartData(series),
      };
    },
    [series, lines, from, to, bars, tickFormat, minSpan],
  );
  return (
    <ChartCanvas height={220} plot={plot} testId="vital-chart-canvas" failure="グラフを表示できませんでした。下の表でご覧ください。" />
  );
}
