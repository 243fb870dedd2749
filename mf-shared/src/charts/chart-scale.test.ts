import { chartRange, linesInRange } from './chart-scale';

describe('chartRange / linesInRange (issue 27: charts scale to the data)', () => {
  it('keeps a small change small: 171.2 → 171.3 → 171.2 cm in a span of at least 10 cm', () => {
    const [low, high] = chartRange([171.2, 171.3, 171.2], 10);
    expect(high - low).toBeGreaterThanOrEqual(10);
    expect(low).toBeLessThan(171.2);
    expect(high).toBeGreaterThan(171.3);
  });

  it('follows the data when it moves more than the minimum, with a margin', () => {
    const [low, high] = chartRange([60, 80], 4);
    expect(low).toBeCloseTo(58);
    expect(high).toBeCloseTo(82);
  });

  it('never goes below the floor (counts start at 0)', () => {
    expect(chartRange([1000, 1200], 4000, 0)[0]).toBe(0);
  });

  it('leaves out the lines outside the range: BMI lines far from a week of weights are not drawn', () => {
    const range = chartRange([64.8, 65.1, 64.9], 4);
    const lines = [{ value: 53.5 }, { value: 72.3 }, { value: 65 }];
    expect(linesInRange(lines, range)).toEqual([{ value: 65 }]);
  });
});
