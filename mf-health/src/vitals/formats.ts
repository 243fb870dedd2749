import { japaneseDateTime, japaneseDateWithWeekday } from '@sukoyaka/shared';

/*
 * Numbers and moments as the vitals pages write them, without date-fns: /vitals and home's
 * parcel use only these, so date-fns (and its locale) load with the pages that chart and list
 * readings, not with every health page (issue 9: /vitals 158.2 -> 143.1 KiB).
 */

/** 62.4 with one digit, 8,012 for steps: Japanese digit grouping. */
export function formatNumber(value: number, digits: number): string {
  return value.toLocaleString('ja-JP', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A reading's moment in local time: 2026年11月21日(土) 10:50. */
export function formatMeasuredAt(iso: string): string {
  return japaneseDateTime(iso);
}

/** A day's count: 2026年11月21日(土). */
export function formatDay(day: string): string {
  return japaneseDateWithWeekday(day);
}
