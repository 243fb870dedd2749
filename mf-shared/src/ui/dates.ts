/*
 * Calendar days without date-fns: the few formats the shell's first pages need (the date picker's
 * field, a day in Japanese), so date-fns is loaded only by the pages that do more with dates.
 * Every function works on the device's local calendar day, as date-fns' format and parseISO do.
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
export function japaneseDateWithWeekday(date: Date): string {
  return `${japaneseDate(date)}(${WEEKDAYS_JA[date.getDay()]})`;
}

/** The local time of day as `HH:mm`, e.g. 07:05. */
export function clockTimeOf(date: Date): string {
  return `${pad(date.getHours(), 2)}:${pad(date.getMinutes(), 2)}`;
}

/** The local midnight that starts the day. */
export function startOfLocalDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Whether two times fall on the same local calendar day. */
export function isSameLocalDay(left: Date, right: Date): boolean {
  return startOfLocalDay(left).getTime() === startOfLocalDay(right).getTime();
}
