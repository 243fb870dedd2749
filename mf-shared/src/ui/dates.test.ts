import { format, formatISO, parseISO } from 'date-fns';
import { ja } from 'date-fns/locale/ja';
import {
  isoDateOf,
  isoMomentOf,
  isSameLocalDay,
  isValidDate,
  japanClockOf,
  japanDateTime,
  japanDay,
  japanDayOf,
  japanMonthDay,
  japaneseDate,
  japaneseDateTime,
  japaneseDateWithWeekday,
  japaneseMonth,
  japaneseMonthDay,
  parseIsoDate,
  startOfLocalDay,
} from './dates';

// The helpers replace date-fns on the pages that load without it: they must read as date-fns did.
const DAYS = ['1900-01-01', '1999-12-31', '2024-02-29', '2024-05-15', '2026-11-22', '2099-12-31'];

describe('calendar days without date-fns (mf-shared/src/ui/dates.ts)', () => {
  it.each(DAYS)('%s: parseIsoDate, isoDateOf and japaneseDate read as date-fns parseISO and format do', (day) => {
    const expected = parseISO(day);
    expect(parseIsoDate(day).getTime()).toBe(expected.getTime());
    expect(isoDateOf(expected)).toBe(format(expected, 'yyyy-MM-dd'));
    expect(japaneseDate(day)).toBe(format(expected, 'yyyy年M月d日'));
    expect(japaneseDateWithWeekday(expected)).toBe(format(expected, 'yyyy年M月d日(E)', { locale: ja }));
  });

  it.each([
    new Date(2026, 10, 22, 8, 30),
    new Date(2024, 1, 29, 23, 59, 7),
    new Date(2000, 0, 1, 0, 0, 0),
    new Date(Date.UTC(2026, 5, 1, 12)),
  ])('%s: isoMomentOf writes the local moment with its offset, as formatISO does', (moment) => {
    expect(isoMomentOf(moment)).toBe(formatISO(moment));
  });

  it('a timestamp is read in the local calendar, as parseISO does', () => {
    const iso = '2026-11-22T23:30:00.000Z';
    expect(japaneseDate(iso)).toBe(format(parseISO(iso), 'yyyy年M月d日'));
  });

  it('every day of a week gets its Japanese weekday', () => {
    const week = Array.from({ length: 7 }, (_, index) => japaneseDateWithWeekday(new Date(2024, 4, 12 + index)));
    expect(week).toEqual([
      '2024年5月12日(日)',
      '2024年5月13日(月)',
      '2024年5月14日(火)',
      '2024年5月15日(水)',
      '2024年5月16日(木)',
      '2024年5月17日(金)',
      '2024年5月18日(土)',
    ]);
  });

  it('invalid input is recognised and left as it came', () => {
    expect(isValidDate(new Date('garbage'))).toBe(false);
    expect(isValidDate('2024-05-15')).toBe(false);
    expect(isValidDate(new Date(2024, 4, 15))).toBe(true);
    expect(japaneseDate('not a date')).toBe('not a date');
  });

  it('startOfLocalDay and isSameLocalDay compare calendar days, not times', () => {
    const morning = new Date(2024, 4, 15, 0, 0, 1);
    const night = new Date(2024, 4, 15, 23, 59, 59);
    expect(startOfLocalDay(night).getTime()).toBe(new Date(2024, 4, 15).getTime());
    expect(isSameLocalDay(morning, night)).toBe(true);
    expect(isSameLocalDay(night, new Date(2024, 4, 16))).toBe(false);
  });
});

describe('the one set of date formats (docs/product-decisions.md, "Dates and times")', () => {
  it('a moment on the device: 2026年11月21日(土) 10:30, as date-fns wrote it', () => {
    const at = new Date(2026, 10, 21, 10, 30);
    expect(japaneseDateTime(at)).toBe('2026年11月21日(土) 10:30');
    expect(japaneseDateTime(at.toISOString())).toBe(format(at, 'yyyy年M月d日(E) HH:mm', { locale: ja }));
    expect(japaneseDateTime(new Date(2026, 0, 4, 7, 5))).toBe('2026年1月4日(日) 07:05');
  });

  it('a day within a shown year, a month, a day with its weekday from ISO text', () => {
    expect(japaneseMonthDay('2026-11-26')).toBe('11月26日');
    expect(japaneseMonth('2025-06')).toBe('2025年6月');
    expect(japaneseMonth(new Date(2026, 10, 26))).toBe('2026年11月');
    expect(japaneseDateWithWeekday('2026-11-26')).toBe('2026年11月26日(木)');
  });

  it('Japan time whatever the device: the day, the weekday and the clock of +09:00', () => {
    // 15:30 UTC is 00:30 the next day in Japan.
    const iso = '2026-11-25T15:30:00.000Z';
    expect(japanDayOf(iso)).toBe('2026-11-26');
    expect(japanDateTime(iso)).toBe('2026年11月26日(木) 00:30');
    expect(japanClockOf(iso)).toBe('00:30');
    expect(japanDay('2026-11-26')).toBe('2026年11月26日(木)');
    expect(japanMonthDay('2026-11-26')).toBe('11月26日(木)');
  });

  it('never ISO text, slashes or zero-padded months and days', () => {
    const written = [
      japaneseDate('2026-01-04'),
      japaneseDateWithWeekday('2026-01-04'),
      japaneseDateTime(new Date(2026, 0, 4, 9, 0)),
      japaneseMonthDay('2026-01-04'),
      japaneseMonth('2026-01'),
      japanDay('2026-01-04'),
      japanDateTime('2026-01-04T00:00:00Z'),
    ];
    for (const text of written) expect(text).not.toMatch(/\d{4}-\d{2}|\/|年0|月0/);
  });

  it('invalid input comes back as it came, never "Invalid Date" nor a thrown RangeError', () => {
    for (const format of [japaneseDateTime, japaneseMonthDay, japaneseMonth, japanDateTime, japanDayOf, japanDay, japanMonthDay]) {
      expect(format('not a date')).toBe('not a date');
    }
    expect(japanClockOf('not a date')).toBe('');
  });
});
