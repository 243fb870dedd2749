import { format, parseISO } from 'date-fns';
import { ja } from 'date-fns/locale/ja';
import { isoDateOf, isSameLocalDay, isValidDate, japaneseDate, japaneseDateWithWeekday, parseIsoDate, startOfLocalDay } from './dates';

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
