/** Numbers and dates as a Japanese member reads them; dates in Japan time, as the ledger's months are. */
const TOKYO = 'Asia/Tokyo';

export const formatAmount = (value: number) => value.toLocaleString('ja-JP');
export const formatCoins = (value: number) => `${formatAmount(value)}コイン`;
export const formatPoints = (value: number) => `${formatAmount(value)}pt`;

/** A signed change: +100 or −50 (with a real minus sign). */
export const formatSigned = (value: number) => (value > 0 ? `+${formatAmount(value)}` : value < 0 ? `−${formatAmount(-value)}` : '0');

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat('ja-JP', { timeZone: TOKYO, year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat('ja-JP', {
    timeZone: TOKYO,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** The month (yyyy-MM) in Japan time that contains `date`. */
export function monthOf(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TOKYO, year: 'numeric', month: '2-digit' }).formatToParts(date);
  const year = parts.find((part) => part.type === 'year')?.value ?? '2000';
  const month = parts.find((part) => part.type === 'month')?.value ?? '01';
  return `${year}-${month}`;
}

/** The last `count` months, newest first, as yyyy-MM. */
export function recentMonths(now: Date, count = 12): string[] {
  const [year, month] = monthOf(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const total = year * 12 + (month - 1) - index;
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
}

export const monthLabel = (month: string) => {
  const [year, mm] = month.split('-');
  return `${year}年${Number(mm)}月`;
};

/** Expiries within the next `days` days (default: about two months) are "soon". */
export function expiringSoon<T extends { expiresAt: string }>(expiries: readonly T[], now: Date, days = 62): T[] {
  const limit = now.getTime() + days * 24 * 60 * 60 * 1000;
  return expiries.filter((expiry) => new Date(expiry.expiresAt).getTime() <= limit);
}

/** The day (yyyy-MM-dd) in Japan time that contains the moment `iso`. */
export function japanDayOf(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TOKYO, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** A Japanese day, yyyy-MM-dd → 「11月26日(水)」 (the history's headings and its lines' days). */
export function formatDayHeading(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = '日月火水木金土'[new Date(Date.UTC(year, month - 1, date)).getUTCDay()];
  return `${month}月${date}日(${weekday})`;
}

/** The time of day in Japan, 「15:27」. */
export function formatTime(iso: string): string {
  return new Intl.DateTimeFormat('ja-JP', { timeZone: TOKYO, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}
