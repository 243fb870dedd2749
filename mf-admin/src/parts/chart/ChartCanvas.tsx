import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import uPlot from 'uplot';
import type { ChartLine } from './series';

/*
 * The canvas, in its own chunk with uPlot (the library mf-health's charts use): the dashboard, its
 * figures in words and its table render before it arrives. uPlot's stylesheet is not loaded (the
 * areas' builds have no CSS pipeline): the rules its layout needs are here, its legend is ours.
 */
const Frame = styled.div`
  width: 100%;
  height: 200px;
  .uplot,
  .u-wrap {
    position: relative;
    width: 100%;
  }
  .u-under,
  .u-over {
    position: absolute;
  }
  .uplot canvas {
    display: block;
    position: relative;
    width: 100%;
    height: 100%;
  }
  .u-axis {
    position: absolute;
  }
  .u-title,
  .u-legend {
    display: none;
  }
`;

const HEIGHT = 200;
const seconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

export default function ChartCanvas({ lines, bars }: { lines: readonly ChartLine[]; bars: boolean }) {
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const days = lines[0]?.points.map((point) => point.day) ?? [];
    const max = Math.max(1, ...lines.flatMap((line) => line.points.map((point) => point.count)));
    const options: uPlot.Options = {
      width: element.clientWidth || 300,
      height: HEIGHT,
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
          paths: bars ? uPlot.paths.bars?.({ size: [0.7, 24] }) : undefined,
        })),
      ],
    };
    const data: uPlot.AlignedData = [days.map(seconds), ...lines.map((line) => line.points.map((point) => point.count))];
    const chart = new uPlot(options, data, element);
    const resize = () => chart.setSize({ width: element.clientWidth || 300, height: HEIGHT });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.destroy();
    };
  }, [lines, bars]);

  return <Frame ref={frame} aria-hidden="true" data-testid="dashboard-chart-canvas" />;
}
