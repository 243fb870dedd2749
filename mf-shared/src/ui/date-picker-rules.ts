import { DATE_MAX, DATE_MIN } from '@sukoyaka/contract';
// Only the date-fns root and its ja locale: the two date-fns modules the import map shares.
import { format, isAfter, isBefore, isValid, parseISO, startOfDay } from 'date-fns';
import { ja } from 'date-fns/locale/ja';

/** Spec §5 and §9: dates from 1900-01-01 to 2099-12-31 (the contract's DATE_MIN and DATE_MAX). */
const RANGE_START = parseISO(DATE_MIN);
const RANGE_END = parseISO(DATE_MAX);

/** Spec §9: the date picker's Japanese wording. */
export const DATE_PICKER_TEXT = {
  title: '日付を選択',
  previousMonth: '前月を表示',
  nextMonth: '次月を表示',
  cancel: 'キャンセル',
  ok: 'OK',
  placeholder: '日付を選択してください',
} as const;

/** How a chosen date reads: 2024年5月15日(水). */
export const DATE_PICKER_FORMAT = 'yyyy年M月d日(E)';

export function formatPickerDate(date: Date): string {
  return format(date, DATE_PICKER_FORMAT, { locale: ja });
}

/** The first and last selectable days: the spec's range, narrowed by min and max if given. */
export function selectableRange(min?: Date | null, max?: Date | null): { from: Date; to: Date } {
  const from = min && isValid(min) && isAfter(startOfDay(min), RANGE_START) ? startOfDay(min) : RANGE_START;
  const to = max && isValid(max) && isBefore(startOfDay(max), RANGE_END) ? startOfDay(max) : RANGE_END;
  return { from, to };
}

/**
 * Whether the date picker lets a member choose this day: from 1900-01-01 to 2099-12-31 (spec §5),
 * and within min and max when given. Only the calendar day counts, not the time of day.
 */
export function isSelectableDate(date: Date, min?: Date | null, max?: Date | null): boolean {
  if (!isValid(date)) return false;
  const { from, to } = selectableRange(min, max);
  const day = startOfDay(date);
  return !isBefore(day, from) && !isAfter(day, to);
}

// ---------------------------------------------------------------------------------------------
