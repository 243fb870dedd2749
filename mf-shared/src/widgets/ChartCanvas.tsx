import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Skeleton, Text } from '@sukoyaka/shared';
import type { UPlotCanvasProps } from './UPlotCanvas';

export type { ChartPlot, UPlotCanvasProps } from './UPlotCanvas';

// uPlot stays out of the main module: its chunk loads when a page first draws a chart.
const UPlotCanvas = lazy(() => import(/* webpackChunkName: "chart-canvas" */ './UPlotCanvas'));

/** A chart that cannot be drawn (the chunk failed to load) leaves its words and says so. */
class CanvasBoundary extends Component<{ failure: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <Text $muted>{this.props.failure}</Text> : this.props.children;
  }
}

/**
 * A uPlot chart (the areas' dashboards and vitals): a placeholder of its height while uPlot loads,
 * `failure` in its place when it cannot be drawn. The figures are always also in words beside it.
 */
export function ChartCanvas({ failure, ...canvas }: UPlotCanvasProps & { failure: string }) {
  return (
    <CanvasBoundary failure={failure}>
      <Suspense fallback={<Skeleton $height={canvas.height} aria-hidden="true" />}>
        <UPlotCanvas {...canvas} />
      </Suspense>
    </CanvasBoundary>
  );
}
