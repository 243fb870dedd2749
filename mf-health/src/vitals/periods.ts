import { JAPAN_OFFSET, japanDay, periodMoments } from '@sukoyaka/contract/health-terms';
import { spacedTicks, type TimeChartTick } from '@sukoyaka/shared/charts';

export type PeriodId = 'week' | 'month' | 'year';

export const PERIOD_LABELS: Record<PeriodId, string> = { week: '1週間', month: '1か月', year: '1年' };
/** How far back each range starts: a week ago today (the same weekday), a month and a year likewise. */
const DAYS_BACK: Record<PeriodId, number> = { week: 7, month: 30, year: 365 };
const DAY_MS = 86_400_000;
/** A month's 31 days would crowd the axis: every fourth one is named. */
const MOST_DAY_TICKS = 8;

/** A chart's range as Japanese days (both inclusive, as the lists take them) and as moments. */
export interface Period {
  id: PeriodId;
  from: string;
  to: string;
  start: Date;
  end: Date;
  /** The x axis' labels, in Japan time: 11/26 under each day's middle, 11月 under each month's. */
  ticks: TimeChartTick[];
}

const noon = (day: string) => Date.parse(`${day}T12:00:00${JAPAN_OFFSET}`);

/** Each day's noon from `from` to `to`, named M/d. */
function dayTicks(from: string, to: string): TimeChartTick[] {
  const ticks: TimeChartTick[] = [];
  for (let at = noon(from); at <= noon(to); at += DAY_MS) {
    const day = japanDay(new Date(at));
    ticks.push({ at, label: `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}` });
  }
  return ticks;
}

/** The 15th of each month whose 15th falls between `from` and `to`, named M月. */
function monthTicks(from: string, to: string): TimeChartTick[] {
  const ticks: TimeChartTick[] = [];
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  for (;;) {
    const middle = `${year}-${String(month).padStart(2, '0')}-15`;
    if (middle > to) return ticks;
    if (middle >= from) ticks.push({ at: noon(middle), label: `${month}月` });
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}

/** From 7, 30 or 365 days ago up to today (Japan), both days included. */
export function periodOf(id: PeriodId, now: Date = new Date()): Period {
  const to = japanDay(now);
  const from = japanDay(new Date(now.getTime() - DAYS_BACK[id] * DAY_MS));
  const { from: start, until } = periodMoments({ from, to });
  const ticks = id === 'year' ? monthTicks(from, to) : spacedTicks(dayTicks(from, to), MOST_DAY_TICKS);
  return { id, from, to, start: start!, end: until!, ticks };
}
