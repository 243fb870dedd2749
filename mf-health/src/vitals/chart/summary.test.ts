import { formatNumber } from '../formats';
import { describeSeries, summarizeSeries, type SeriesPoint } from './summary';

const day = (date: number, value: number, hour = 7): SeriesPoint => ({ at: new Date(2026, 10, date, hour, 0), value });

describe('summarizeSeries: latest, average and trend of a chart (issue 10, accessibility)', () => {
  it('gives nothing but the count for an empty range', () => {
    expect(summarizeSeries([], { flatWithin: 1 })).toEqual({ count: 0, latest: null, average: null, trend: null });
  });

  it('has no trend with one reading', () => {
    expect(summarizeSeries([day(3, 62)], { flatWithin: 1 })).toEqual({ count: 1, latest: day(3, 62), average: 62, trend: null });
  });

  it('finds the latest by time whatever the order given (lists arrive newest first)', () => {
    const summary = summarizeSeries([day(5, 63), day(1, 60), day(3, 61)], { flatWithin: 0.5 });
    expect(summary.latest).toEqual(day(5, 63));
    expect(summary.average).toBeCloseTo(61.333, 3);
    expect(summary.trend).toBe('up');
  });

  it('says 下降 for a falling series and 横ばい within the tolerance', () => {
    expect(summarizeSeries([day(1, 64), day(2, 63.5), day(3, 63), day(4, 62.4)], { flatWithin: 0.5 }).trend).toBe('down');
    expect(summarizeSeries([day(1, 62), day(2, 62.2), day(3, 61.9), day(4, 62.1)], { flatWithin: 0.5 }).trend).toBe('flat');
  });

  it('follows the fitted line, not one odd last reading', () => {
    // Rising all week, then one low reading: still rising overall.
    const points = [day(1, 120), day(2, 124), day(3, 128), day(4, 132), day(5, 136), day(6, 122)];
    expect(summarizeSeries(points, { flatWithin: 3 }).trend).toBe('up');
    // First vs last would say 上昇 (120 → 121); the readings between say 横ばい.
    expect(summarizeSeries([day(1, 120), day(2, 110), day(3, 131), day(4, 109), day(5, 121)], { flatWithin: 3 }).trend).toBe('flat');
  });

  it('has no trend when every reading has the same moment', () => {
    expect(summarizeSeries([day(1, 120), day(1, 130)], { flatWithin: 3 }).trend).toBeNull();
  });
});

describe('describeSeries: the sentence a screen reader reads for a chart', () => {
  it('names the latest with its time, the average and the trend', () => {
    expect(
      describeSeries({ label: '体重', unit: 'kg', points: [day(21, 62.4), day(20, 62.8), day(19, 63.2)] }, { digits: 1, flatWithin: 0.3 }),
    ).toBe('体重：最新 62.4kg（11月21日 07:00）、平均 62.8kg、下降傾向（3件）');
  });

  it('writes daily totals with the day only and digit grouping', () => {
    expect(
      describeSeries(
        { label: '歩数', unit: '歩', points: [day(20, 8000, 0), day(21, 8012, 0)] },
        { digits: 0, flatWithin: 500, daily: true },
      ),
    ).toBe('歩数：最新 8,012歩（11月21日）、平均 8,006歩、横ばい傾向（2件）');
  });

  it('says when there is too little for a trend, and when there is nothing', () => {
    expect(describeSeries({ label: '体温', unit: '℃', points: [day(21, 36.5)] }, { digits: 2, flatWithin: 0.2 })).toBe(
      '体温：最新 36.50℃（11月21日 07:00）、平均 36.50℃、傾向は記録が2件以上で表示します（1件）',
    );
    expect(describeSeries({ label: '体温', unit: '℃', points: [] }, { digits: 2, flatWithin: 0.2 })).toBe(
      '体温：この期間の記録はありません',
    );
  });

  it('formatNumber groups digits and fixes the decimals', () => {
    expect(formatNumber(12345, 0)).toBe('12,345');
    expect(formatNumber(36.5, 2)).toBe('36.50');
  });
});
