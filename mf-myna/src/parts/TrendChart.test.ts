import { trendMinSpan } from '../records/exam-items';
import { plot } from './TrendChart';

describe('check-up trends scale to the item (issue 27)', () => {
  const heights = [
    { label: '2024年', value: 171.2 },
    { label: '2025年', value: 171.3 },
    { label: '2026年', value: 171.2 },
  ];

  it('draws 171.2 → 171.3 → 171.2 cm nearly flat, where scaling per item made it a peak', () => {
    const span = trendMinSpan({ code: '9N001000000000001', trend: [] });
    expect(span).toBe(10);
    const flat = plot(heights, span).map((point) => point.y);
    expect(Math.max(...flat) - Math.min(...flat)).toBeLessThan(1);
    // Without a minimum span the same values fill the drawing top to bottom.
    const peak = plot(heights).map((point) => point.y);
    expect(Math.max(...peak) - Math.min(...peak)).toBeGreaterThan(40);
  });

  it('still shows a real change of an item at full height', () => {
    const ldl = [
      { label: '2024年', value: 110 },
      { label: '2025年', value: 142 },
    ];
    const ys = plot(ldl, trendMinSpan({ code: '3F077000002327101', trend: [] })).map((point) => point.y);
    expect(Math.abs(ys[0]! - ys[1]!)).toBeGreaterThan(35);
  });
});
