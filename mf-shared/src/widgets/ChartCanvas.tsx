import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Skeleton, Text } from '@sukoyaka/shared';
import type { UPlotCanvasProps } from './UPlotCanvas';

export type { ChartPlot, UPlotCanvasProps } from './UPlotCanvas';

// uPlot stays out of the main module: its chunk loads when a page first draws a chart.
const UPlotCanvas = lazy(() => import(/* webpackChunkName: "chart-canvas" */ './UPlotCanvas'));

/** A chart loads as it comes on screen: its placeholder has its height, so nothing moves. */
const NEAR_SCREEN = '0px';

/**
 * Whether the element is on the screen or near it, from the first time it is (then for good). A
 * chart below the fold (the operators' dashboard under its figures) does not load uPlot (19 KiB)
 * with the page; issue 27's script budget. Without IntersectionObserver: at once.
 */
function useNearScreen(): [ref: (element: HTMLElement | null) => void, near: boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element]);
  return [setElement, near];
}

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
 * A uPlot chart (the areas' dashboards and vitals): a placeholder of its height until it comes
 * near the screen and while uPlot loads, `failure` in its place when it cannot be drawn. The
 * figures are always also in words beside it.
 */
export function ChartCanvas({ failure, ...canvas }: UPlotCanvasProps & { failure: string }) {
  const [nearScreen, near] = useNearScreen();
  // data-chart-pending: what the e2e suite's full-page pictures wait for (e2e/tests/support.ts).
  const placeholder = <Skeleton $height={canvas.height} aria-hidden="true" data-chart-pending="" />;
  if (!near) return <div ref={nearScreen}>{placeholder}</div>;
  return (
    <CanvasBoundary failure={failure}>
      <Suspense fallback={placeholder}>
        <UPlotCanvas {...canvas} />
      </Suspense>
    </CanvasBoundary>
  );
}
