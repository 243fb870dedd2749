/*
 * uPlot draws on a canvas, which jsdom does not have: component tests replace it with this
 * recorder (`jest.mock('uplot', …)`) and check what the page asked it to draw.
 */
export interface DrawnChart {
  options: { series: { label?: string }[]; scales: { y: { range: [number, number] } } };
  data: (number | null)[][];
  destroyed: boolean;
}

export const drawnCharts: DrawnChart[] = [];

export default class FakeUPlot implements DrawnChart {
  static paths = { bars: () => () => null };
  static pxRatio = 1;
  destroyed = false;
  constructor(
    public options: DrawnChart['options'],
    public data: DrawnChart['data'],
  ) {
    drawnCharts.push(this);
  }
  setSize() {}
  destroy() {
    this.destroyed = true;
  }
}
