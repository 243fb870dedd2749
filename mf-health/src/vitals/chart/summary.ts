import { clockTimeOf, japaneseMonthDay } from '@sukoyaka/shared';
import { formatNumber } from '../formats';

/** One reading of one series, e.g. a weight at a moment. */
export interface SeriesPoint {
  at: Date;
  value: number;
}

type Trend = 'up' | 'flat' | 'down';

const TREND_LABEL: Record<Trend, string> = { up: '上昇', flat: '横ばい', down: '下降' };

interface SeriesSummary {
  count: number;
  latest: SeriesPoint | null;
  average: number | null;
  /** null with fewer than two readings, or all at one moment: no trend can be told. */
  trend: Trend | null;
}

interface SummaryOptions {
  /** Decimal places shown, e.g. 1 for kg, 2 for °C, 0 for steps. */
  digits: number;
  /**
   * The change over the range (on the fitted line) that still counts as 横ばい, in the unit: a
   * weight moving 0.3 kg in a month is noise, a blood pressure moving 2 mmHg too.
   */
  flatWithin: number;
  /** A daily total's latest reading is written as its day (11月21日), a reading's with its time (11月21日 07:00). */
  daily?: boolean;
}

/**
 * Latest, average and trend of a series over a range. The trend is the least-squares line
 * through all readings (not first vs last, which one odd reading would swing): the rise over the
 * range's span, compared with `flatWithin`.
 */
export function summarizeSeries(points: readonly SeriesPoint[], options: Pick<SummaryOptions, 'flatWithin'>): SeriesSummary {
  const sorted = [...points].sort((a, b) => a.at.getTime() - b.at.getTime());
  const count = sorted.length;
  if (count === 0) return { count, latest: null, average: null, trend: null };
  const latest = sorted[count - 1]!;
  const average = sorted.reduce((sum, point) => sum + point.value, 0) / count;
  const first = sorted[0]!.at.getTime();
  const span = latest.at.getTime() - first;
  if (count < 2 || span <= 0) return { count, latest, average, trend: null };
  // Time in days from the first reading keeps the numbers small and the slope per day.
  const xs = sorted.map((point) => (point.at.getTime() - first) / 86_400_000);
  const meanX = xs.reduce((sum, x) => sum + x, 0) / count;
  let covariance = 0;
  let variance = 0;
  sorted.forEach((point, index) => {
    const dx = xs[index]! - meanX;
    covariance += dx * (point.value - average);
    variance += dx * dx;
  });
  const rise = (covariance / variance) * (span / 86_400_000);
  const trend: Trend = Math.abs(rise) <= options.flatWithin ? 'flat' : rise > 0 ? 'up' : 'down';
  return { count, latest, average, trend };
}

interface DescribedSeries {
  label: string;
  unit: string;
  points: readonly SeriesPoint[];
}

const momentText = (at: Date, daily: boolean) => (daily ? japaneseMonthDay(at) : `${japaneseMonthDay(at)} ${clockTimeOf(at)}`);

/**
 * The chart's text alternative as one sentence per series, e.g.
 * 「体重：最新 62.4kg（11月21日 07:00）、平均 62.8kg、下降傾向（12件）」; a period without
 * readings says so.
 */
export function describeSeries(series: DescribedSeries, options: SummaryOptions): string {
  const summary = summarizeSeries(series.points, options);
  if (!summary.latest || summary.average === null) return `${series.label}：この期間の記録はありません`;
  const value = (number: number) => `${formatNumber(number, options.digits)}${series.unit}`;
  const trend = summary.trend ? `${TREND_LABEL[summary.trend]}傾向` : '傾向は記録が2件以上で表示します';
  return `${series.label}：最新 ${value(summary.latest.value)}（${momentText(summary.latest.at, options.daily ?? false)}）、平均 ${value(
    summary.average,
  )}、${trend}（${summary.count}件）`;
}
