import { ChartCanvas, type ChartPlot } from '@sukoyaka/shared/widgets';
import { useCallback } from 'react';
import type uPlot from 'uplot';
import type { ChartLine } from './series';

const seconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** The dashboard's chart (uPlot, as mf-health's): counts per day or week, as bars or lines. */
export function DayCanvas({ lines, bars }: { lines: readonly ChartLine[]; bars: boolean }) {
  const plot = useCallback(
    (lib: typeof uPlot): ChartPlot => {
      const days = lines[0]?.points.map((point) => point.day) ?? [];
      const max = Math.max(1, ...lines.flatMap((line) => line.points.map((point) => point.count)));
      return {
        options: {
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: true }, y: { range: [0, max * 1.1] } },
          axes: [
            {
              space: 56,
              // Calendar days as written (UTC midnight stands for the Japan day): M/d.
              values: (_chart, splits) =>
                splits.map((split) => {
                  const at = new Date(split * 1000);
                  return `${at.getUTCMonth() + 1}/${at.getUTCDate()}`;
                }),
            },
            { size: 56, values: (_chart, splits) => splits.map((split) => split.toLocaleString('ja-JP')) },
          ],
          series: [
            {},
            ...lines.map((line) => ({
              label: line.label,
              stroke: line.color,
              fill: bars ? line.color : undefined,
              width: 2,
              points: { show: !bars && days.length <= 31, size: 5, fill: line.color },
              paths: bars ? lib.paths.bars?.({ size: [0.7, 24] }) : undefined,
            })),
          ],
        },
        data: [days.map(seconds), ...lines.map((line) => line.points.map((point) => point.count))],
      };
    },
    [lines, bars],
  );
  return (
    <ChartCanvas
      height={200}
      plot={plot}
      testId="dashboard-chart-canvas"
      failure="グラフを表示できませんでした。数値は下の表でご覧ください。"
    />
  );
}
