import type { Sleep } from '@sukoyaka/contract';

/*
 * Sleep's arithmetic for the pages (issue 29): minutes as 時間と分, nights by the day one woke
 * (in Japan), and the average per week. Without the contract's health module: /vitals and the
 * home parcel load this with kinds.ts.
 */

const DAY_MS = 86_400_000;
const JAPAN_MS = 9 * 60 * 60 * 1000;

/** The day in Japan (yyyy-MM-dd) of a moment. */
const japanDayOf = (at: number) => new Date(at + JAPAN_MS).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00+09:00`);

/** 450 → 「7時間30分」, 45 → 「45分」, 420 → 「7時間0分」. */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  return hours > 0 ? `${hours}時間${whole % 60}分` : `${whole % 60}分`;
}

/** Minutes asleep per wake day (a night and a nap the same day add up), oldest first. */
export function nightlyTotals(readings: readonly Sleep[]): Array<{ day: string; minutes: number }> {
  const byDay = new Map<string, number>();
  for (const reading of readings) {
    const day = japanDayOf(Date.parse(reading.measuredAt));
    byDay.set(day, (byDay.get(day) ?? 0) + reading.minutesAsleep);
  }
  return [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, minutes]) => ({ day, minutes }));
}

export interface WeekAverage {
  /** Monday and Sunday of the week (Japan), yyyy-MM-dd. */
  from: string;
  to: string;
  /** Average minutes asleep over the days with a record. */
  average: number;
  /** How many days of the week have a record. */
  days: number;
}

/** The Monday (Japan) of a day's week. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return japanDayOf(dayStart(day) - ((weekday + 6) % 7) * DAY_MS);
}

/** The average per week (Monday to Sunday) of the days with a record, newest week first. */
export function weeklyAverages(readings: readonly Sleep[]): WeekAverage[] {
  const weeks = new Map<string, { total: number; days: number }>();
  for (const { day, minutes } of nightlyTotals(readings)) {
    const monday = mondayOf(day);
    const week = weeks.get(monday) ?? { total: 0, days: 0 };
    weeks.set(monday, { total: week.total + minutes, days: week.days + 1 });
  }
  return [...weeks]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([from, week]) => ({ from, to: japanDayOf(dayStart(from) + 6 * DAY_MS), average: week.total / week.days, days: week.days }));
}

/** The middle of a day (noon in Japan), where its bar is drawn. */
export const noonOf = (day: string) => new Date(`${day}T12:00:00+09:00`);
/** The middle of a week (Thursday noon in Japan). */
export const weekMiddle = (monday: string) => new Date(dayStart(monday) + 3 * DAY_MS + 12 * 60 * 60 * 1000);
