import { format } from 'date-fns';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import uPlot from 'uplot';
import type { ChartLine, ChartSeries } from './chart-types';

/*
 * The canvas drawing, in its own chunk with uPlot: the page and the text alternative render
 * before it arrives. uPlot's stylesheet is not loaded (no CSS pipeline in the areas' builds):
 * the few rules its layout needs are here, and its legend is replaced by ours in HTML.
 */
const Frame = styled.div`
  width: 100%;
  height: 220px;
  .uplot,
  .u-wrap {
    position: relative;
    width: 100%;
  }
  .u-wrap {
    user-select: none;
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

interface ChartCanvasProps {
  series: readonly ChartSeries[];
  lines: readonly ChartLine[];
  from: Date;
  to: Date;
  /** Daily totals (steps) as bars, readings as lines with points. */
  bars?: boolean;
  /** The x axis' labels: 'M/d' over a week or a month, 'M月' over a year. */
  tickFormat: string;
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

/** The y range: every value and every reference or goal line in view, with a margin. */
function valueRange(series: readonly ChartSeries[], lines: readonly ChartLine[]): [number, number] {
  const values = [...series.flatMap((one) => one.points.map((point) => point.value)), ...lines.map((line) => line.value)];
  if (values.length === 0) return [0, 1];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const margin = Math.max((max - min) * 0.1, Math.abs(max) * 0.02, 1);
  return [Math.max(0, min - margin), max + margin];
}

export default function ChartCanvas({ series, lines, from, to, bars = false, tickFormat }: ChartCanvasProps) {
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const [low, high] = valueRange(series, lines);
    const barPaths = bars ? uPlot.paths.bars?.({ size: [0.7, 24] }) : undefined;
    const options: uPlot.Options = {
      width: element.clientWidth || 300,
      height: 220,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: true, range: [toSeconds(from), toSeconds(to)] }, y: { range: [low, high] } },
      axes: [
        {
          space: 56,
          values: (_chart, splits) => splits.map((split) => format(new Date(split * 1000), tickFormat)),
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
            ctx.font = `${Math.round(12 * uPlot.pxRatio)}px sans-serif`;
            ctx.textAlign = 'right';
            for (const line of lines) {
              const y = Math.round(chart.valToPos(line.value, 'y', true));
              ctx.strokeStyle = line.color;
              ctx.fillStyle = line.color;
              ctx.lineWidth = uPlot.pxRatio * 1.5;
              ctx.setLineDash(line.kind === 'goal' ? [] : [6 * uPlot.pxRatio, 4 * uPlot.pxRatio]);
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
    };
    const chart = new uPlot(options, chartData(series), element);
    const resize = () => chart.setSize({ width: element.clientWidth || 300, height: 220 });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.destroy();
    };
  }, [series, lines, from, to, bars, tickFormat]);

  return <Frame ref={frame} aria-hidden="true" data-testid="vital-chart-canvas" />;
}
