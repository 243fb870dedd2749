/*
 * The one set of date formats every page shows (docs/product-decisions.md, "Dates and times"),
 * without date-fns, so no page loads date-fns to write a date:
 *   day 2026年11月26日 · day with weekday 2026年11月26日(木) · moment 2026年11月26日(木) 15:27 ·
 *   day within a shown year 11月26日(木) · month 2026年11月 · time 15:27.
 * Never ISO text (2026-11-26), slashes or zero-padded months and days.
 * The member's functions work on the device's local calendar, as date-fns' format and parseISO
 * do; the `japan…` ones on Japan time whatever the device (the ledger's days, the operators').
 */

const WEEKDAYS_JA = ['日', '月', '火', '水', '木', '金', '土'] as const;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** Whether a value is a Date that holds a time (not `new Date('garbage')`). */
export function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** `2024-05-15` as that day's local midnight (as parseISO); any other ISO text as `new Date`. */
export function parseIsoDate(value: string): Date {
  const match = DATE_ONLY.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
}

/** The local calendar day as `yyyy-MM-dd`, e.g. 2024-05-15. */
export function isoDateOf(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/** `yyyy年M月d日`, e.g. 2024年5月15日; an ISO text is read as parseIsoDate does. */
export function japaneseDate(value: Date | string): string {
  const date = typeof value === 'string' ? parseIsoDate(value) : value;
  if (!isValidDate(date)) return typeof value === 'string' ? value : '';
  return `${pad(date.getFullYear(), 4)}年${date.getMonth() + 1}月${date.getDate()}日`;
}

/** `yyyy年M月d日(E)` with the Japanese day of the week, e.g. 2024年5月15日(水). */
export function japaneseDateWithWeekday(value: Date | string): string {
  const date = typeof value === 'string' ? parseIsoDate(value) : value;
  if (!isValidDate(date)) return typeof value === 'string' ? value : '';
  return `${japaneseDate(date)}(${WEEKDAYS_JA[date.getDay()]})`;
}

/** A moment: `yyyy年M月d日(E) HH:mm`, e.g. 2026年11月21日(土) 10:30. */
export function japaneseDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (!isValidDate(date)) return typeof value === 'string' ? value : '';
  return `${japaneseDateWithWeekday(date)} ${clockTimeOf(date)}`;
}

/** A day where its year is already shown (a chart, a month's list): `M月d日`, e.g. 11月26日. */
export function japaneseMonthDay(value: Date | string): string {
  const date = typeof value === 'string' ? parseIsoDate(value) : value;
  if (!isValidDate(date)) return typeof value === 'string' ? value : '';
  return `${date.getMonth() + 1}月${date.getDate()}日`;
}

/** A month: `yyyy年M月`, e.g. 2025年6月; `yyyy-MM` is read as that month. */
export function japaneseMonth(value: Date | string): string {
  const date = typeof value === 'string' ? parseIsoDate(/^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value) : value;
  if (!isValidDate(date)) return typeof value === 'string' ? value : '';
  return `${pad(date.getFullYear(), 4)}年${date.getMonth() + 1}月`;
}

// Japan keeps +09:00 all year: its wall clock is the UTC one moved nine hours.
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The Japan calendar day (yyyy-MM-dd) of a moment, whatever the device's time zone. */
export function japanDayOf(value: Date | string): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  if (!isValidDate(at)) return typeof value === 'string' ? value : '';
  return new Date(at.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 10);
}

/** A yyyy-MM-dd day with its weekday, read as a calendar day in any time zone: 2026年11月26日(木). */
export function japanDay(day: string): string {
  const match = DATE_ONLY.exec(day);
  if (!match) return day;
  return japaneseDateWithWeekday(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A yyyy-MM-dd day where its year is shown: 11月26日(木). */
export function japanMonthDay(day: string): string {
  const match = DATE_ONLY.exec(day);
  if (!match) return day;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return `${japaneseMonthDay(date)}(${WEEKDAYS_JA[date.getDay()]})`;
}

/** The time of day in Japan whatever the device's time zone: 15:27. */
export function japanClockOf(value: Date | string): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  if (!isValidDate(at)) return '';
  return new Date(at.getTime() + JAPAN_OFFSET_MS).toISOString().slice(11, 16);
}

/** A moment in Japan time whatever the device's time zone: 2026年11月26日(木) 14:05. */
export function japanDateTime(value: Date | string): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  if (!isValidDate(at)) return typeof value === 'string' ? value : '';
  const wallClock = new Date(at.getTime() + JAPAN_OFFSET_MS).toISOString();
  return `${japanDay(wallClock.slice(0, 10))} ${wallClock.slice(11, 16)}`;
}

/** The local time of day as `HH:mm`, e.g. 07:05. */
export function clockTimeOf(date: Date): string {
  return `${pad(date.getHours(), 2)}:${pad(date.getMinutes(), 2)}`;
}

/**
 * A local moment as ISO 8601 with the device's UTC offset, as date-fns' formatISO writes it:
 * 2026-11-22T08:30:00+09:00 (Z where the offset is zero).
 */
export function isoMomentOf(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const zone =
    offset === 0 ? 'Z' : `${offset > 0 ? '+' : '-'}${pad(Math.floor(Math.abs(offset) / 60), 2)}:${pad(Math.abs(offset) % 60, 2)}`;
  return `${isoDateOf(date)}T${clockTimeOf(date)}:${pad(date.getSeconds(), 2)}${zone}`;
}

/** The local midnight that starts the day. */
export function startOfLocalDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Whether two times fall on the same local calendar day. */
export function isSameLocalDay(left: Date, right: Date): boolean {
  return startOfLocalDay(left).getTime() === startOfLocalDay(right).getTime();
}
