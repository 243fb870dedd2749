import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import uPlot from 'uplot';

/*
 * uPlot's canvas, in its own chunk with uPlot (ChartCanvas loads it): the page and its figures in
 * words render before it arrives. uPlot's stylesheet is not loaded (the builds have no CSS
 * pipeline): the rules its layout needs are here, and the areas draw their legends in HTML.
 */
const Frame = styled.div<{ $height: number }>`
  width: 100%;
  height: ${({ $height }) => `${$height}px`};
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

/** What a chart draws: uPlot's options but its size (the frame's), and its data. */
export interface ChartPlot {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
}

export interface UPlotCanvasProps {
  height: number;
  /** Builds the chart; given uPlot for its path builders and pixel ratio. A new function draws anew. */
  plot: (lib: typeof uPlot) => ChartPlot;
  testId: string;
}

/** One uPlot chart as wide as its frame, redrawn when `plot` changes and resized with the frame. */
export default function UPlotCanvas({ height, plot, testId }: UPlotCanvasProps) {
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const { options, data } = plot(uPlot);
    const chart = new uPlot({ ...options, width: element.clientWidth || 300, height }, data, element);
    const resize = () => chart.setSize({ width: element.clientWidth || 300, height });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.destroy();
    };
  }, [plot, height]);

  return <Frame ref={frame} $height={height} aria-hidden="true" data-testid={testId} />;
}
