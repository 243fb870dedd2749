import { format } from 'date-fns';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import uPlot from 'uplot';
import { chartRange, linesInRange } from '@sukoyaka/shared/widgets';
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

export default function ChartCanvas({ series, lines, from, to, bars = false, tickFormat, minSpan }: ChartCanvasProps) {
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const [low, high] = valueRange(series, lines, minSpan, bars);
    // Only the lines inside the range are drawn; the legend and the text still name every one.
    const shown = linesInRange(lines, [low, high]);
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
            for (const line of shown) {
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
  }, [series, lines, from, to, bars, tickFormat, minSpan]);

  return <Frame ref={frame} aria-hidden="true" data-testid="vital-chart-canvas" />;
}
