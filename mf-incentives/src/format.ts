import { japanClockOf, japanDayOf, japanMonthDay, japaneseDate, japaneseMonth } from '@sukoyaka/shared';

/**
 * Numbers and dates as a Japanese member reads them; dates in Japan time, as the ledger's months
 * are, in mf-shared's one set of formats (ui/dates.ts).
 */

export const formatAmount = (value: number) => value.toLocaleString('ja-JP');
export const formatCoins = (value: number) => `${formatAmount(value)}コイン`;
export const formatPoints = (value: number) => `${formatAmount(value)}pt`;

/** A signed change: +100 or −50 (with a real minus sign). */
export const formatSigned = (value: number) => (value > 0 ? `+${formatAmount(value)}` : value < 0 ? `−${formatAmount(-value)}` : '0');

/** The Japan day of a moment: 2026年11月26日. */
export const formatDate = (iso: string) => japaneseDate(japanDayOf(iso));

/** The month (yyyy-MM) in Japan time that contains `date`. */
export const monthOf = (date: Date) => japanDayOf(date).slice(0, 7);

/** The last `count` months, newest first, as yyyy-MM. */
export function recentMonths(now: Date, count = 12): string[] {
  const [year, month] = monthOf(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const total = year * 12 + (month - 1) - index;
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
}

export const monthLabel = (month: string) => japaneseMonth(month);

/** Expiries within the next `days` days (default: about two months) are "soon". */
export function expiringSoon<T extends { expiresAt: string }>(expiries: readonly T[], now: Date, days = 62): T[] {
  const limit = now.getTime() + days * 24 * 60 * 60 * 1000;
  return expiries.filter((expiry) => new Date(expiry.expiresAt).getTime() <= limit);
}

/** The day (yyyy-MM-dd) in Japan time that contains the moment `iso`. */
export { japanDayOf };

/** A Japanese day, yyyy-MM-dd → 「11月26日(水)」 (the history's headings and its lines' days). */
export const formatDayHeading = (day: string) => japanMonthDay(day);

/** The time of day in Japan, 「15:27」. */
export const formatTime = (iso: string) => japanClockOf(iso);
