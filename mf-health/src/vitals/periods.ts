import { japanDay, periodMoments } from '@sukoyaka/contract/health-terms';

export type PeriodId = 'week' | 'month' | 'year';

export const PERIOD_LABELS: Record<PeriodId, string> = { week: '1週間', month: '1か月', year: '1年' };
/** How far back each range starts: a week ago today (the same weekday), a month and a year likewise. */
const DAYS_BACK: Record<PeriodId, number> = { week: 7, month: 30, year: 365 };

/** A chart's range as Japanese days (both inclusive, as the lists take them) and as moments. */
export interface Period {
  id: PeriodId;
  from: string;
  to: string;
  start: Date;
  end: Date;
  /** The x axis' labels: 11/26 over a week or a month, 11月 over a year. */
  tickFormat: (at: Date) => string;
}

const monthTick = (at: Date) => `${at.getMonth() + 1}月`;
const dayTick = (at: Date) => `${at.getMonth() + 1}/${at.getDate()}`;

/** From 7, 30 or 365 days ago up to today (Japan), both days included. */
export function periodOf(id: PeriodId, now: Date = new Date()): Period {
  const to = japanDay(now);
  const from = japanDay(new Date(now.getTime() - DAYS_BACK[id] * 86_400_000));
  const { from: start, until } = periodMoments({ from, to });
  return { id, from, to, start: start!, end: until!, tickFormat: id === 'year' ? monthTick : dayTick };
}
