import { formatJapanDay, formatJapanTime, japanLocalOf, japanMoment } from './datetime';

describe('dates on the operators’ pages: Japanese, in Japan time', () => {
  it('writes a moment as 年月日(曜日) 時:分 in Japan time, whatever the instant’s offset', () => {
    expect(formatJapanTime('2026-11-26T05:05:00Z')).toBe('2026年11月26日(木) 14:05');
    expect(formatJapanTime('2026-11-26T15:30:00Z')).toBe('2026年11月27日(金) 00:30');
    expect(formatJapanTime(null)).toBe('—');
  });

  it('writes a day with its weekday', () => {
    expect(formatJapanDay('2026-01-04')).toBe('2026年1月4日(日)');
  });

  it('turns a stored moment back into the form’s Japan-time field', () => {
    expect(japanLocalOf('2026-11-26T00:00:00.000Z')).toBe('2026-11-26T09:00');
    expect(japanMoment(japanLocalOf('2026-11-26T00:00:00.000Z'))).toBe('2026-11-26T09:00:00+09:00');
    expect(japanLocalOf(null)).toBe('');
  });
});
