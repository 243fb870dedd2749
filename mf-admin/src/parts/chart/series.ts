import type { DaySeries } from '@sukoyaka/contract';

/** One line or set of bars of a dashboard chart. */
export interface ChartLine {
  label: string;
  color: string;
  points: DaySeries;
}

const DAY_MS = 86_400_000;

/** The Monday that starts a day's week (yyyy-MM-dd, Japan days as calendar days). */
export function mondayOf(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  return new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}

/** Daily counts summed per week (Monday to Sunday), each week keyed by its Monday. */
export function weeklySums(series: DaySeries): DaySeries {
  const weeks = new Map<string, number>();
  for (const { day, count } of series) weeks.set(mondayOf(day), (weeks.get(mondayOf(day)) ?? 0) + count);
  return [...weeks].map(([day, count]) => ({ day, count }));
}

const md = (day: string) => `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;

/**
 * The chart in words, for everyone who does not see the canvas: the total (or, for counts of
 * people, the highest), the busiest day or week, and the latest.
 */
export function describeLine(line: ChartLine, unit: string, options: { weekly: boolean; summable: boolean }): string {
  const { points } = line;
  if (points.length === 0) return `${line.label}: データはありません。`;
  const number = (value: number) => `${value.toLocaleString('ja-JP')}${unit}`;
  const when = (day: string) => (options.weekly ? `${md(day)}からの週` : md(day));
  const peak = points.reduce((best, point) => (point.count > best.count ? point : best), points[0]!);
  const last = points[points.length - 1]!;
  const total = points.reduce((sum, point) => sum + point.count, 0);
  const parts = [
    options.summable ? `${line.label}は合計${number(total)}` : `${line.label}`,
    peak.count > 0 ? `最も多いのは${when(peak.day)}の${number(peak.count)}` : 'どの期間も0',
    `直近は${when(last.day)}の${number(last.count)}`,
  ];
  return `${parts.join('、')}です。`;
}
