import { DATE_MAX, DATE_MIN } from '@sukoyaka/contract';
import { isValidDate, japaneseDateWithWeekday, parseIsoDate, startOfLocalDay } from '@sukoyaka/shared';
// No date-fns here: this module is on every page (the picker's field); the dialog's chunk loads it.

/** Spec §5 and §9: dates from 1900-01-01 to 2099-12-31 (the contract's DATE_MIN and DATE_MAX). */
const RANGE_START = parseIsoDate(DATE_MIN);
const RANGE_END = parseIsoDate(DATE_MAX);

/** Spec §9: the date picker's Japanese wording. */
export const DATE_PICKER_TEXT = {
  title: '日付を選択',
  previousMonth: '前月を表示',
  nextMonth: '次月を表示',
  cancel: 'キャンセル',
  ok: 'OK',
  placeholder: '日付を選択してください',
} as const;

/** How a chosen date reads: 2024年5月15日(水) (date-fns' pattern, with its ja locale). */
export const DATE_PICKER_FORMAT = 'yyyy年M月d日(E)';

export function formatPickerDate(date: Date): string {
  return japaneseDateWithWeekday(date);
}

/** The first and last selectable days: the spec's range, narrowed by min and max if given. */
export function selectableRange(min?: Date | null, max?: Date | null): { from: Date; to: Date } {
  const from = min && isValidDate(min) && startOfLocalDay(min) > RANGE_START ? startOfLocalDay(min) : RANGE_START;
  const to = max && isValidDate(max) && startOfLocalDay(max) < RANGE_END ? startOfLocalDay(max) : RANGE_END;
  return { from, to };
}

/**
 * Whether the date picker lets a member choose this day: from 1900-01-01 to 2099-12-31 (spec §5),
 * and within min and max when given. Only the calendar day counts, not the time of day.
 */
export function isSelectableDate(date: Date, min?: Date | null, max?: Date | null): boolean {
  if (!isValidDate(date)) return false;
  const { from, to } = selectableRange(min, max);
  const day = startOfLocalDay(date);
  return day >= from && day <= to;
}

// ---------------------------------------------------------------------------------------------
