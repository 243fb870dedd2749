import { act, waitFor } from '@testing-library/react';
import { drawnCharts, renderWithProviders } from '../testing';
import { ChartCanvas, type ChartPlot } from './ChartCanvas';

jest.mock('uplot', () => jest.requireActual('../testing').fakeUPlot);

/** An IntersectionObserver the test drives: `reach()` says the observed element came near the screen. */
class TestObserver {
  static last: TestObserver | null = null;
  observed: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    TestObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  reach() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const plot = (): ChartPlot => ({ options: { series: [{}, { label: '記録数' }], scales: { y: { range: [0, 10] } } }, data: [[1], [2]] });

describe('ChartCanvas (issue 27: uPlot loads with the chart, not with the page)', () => {
  const original = globalThis.IntersectionObserver;
  beforeEach(() => {
    drawnCharts.length = 0;
    TestObserver.last = null;
    globalThis.IntersectionObserver = TestObserver as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    globalThis.IntersectionObserver = original;
  });

  it('draws nothing while the chart is far below the screen, then draws it once it comes near', async () => {
    const { container } = renderWithProviders(<ChartCanvas height={120} plot={plot} testId="test-chart" failure="描けません" />);
    await waitFor(() => expect(TestObserver.last?.observed).toHaveLength(1));
    expect(drawnCharts).toHaveLength(0);
    expect(container.querySelector('[data-testid="test-chart"]')).toBeNull();

    act(() => TestObserver.last!.reach());
    await waitFor(() => expect(drawnCharts).toHaveLength(1));
    expect(drawnCharts[0]!.options.series[1]!.label).toBe('記録数');
  });
});
