/** A `datetime-local` value (Japan time, as operators think of it) as ISO 8601 with +09:00. */
export function japanMoment(local: string): string {
  return local ? `${local.length === 16 ? `${local}:00` : local}+09:00` : '';
}

/** Now in Japan as a `datetime-local` value (minutes). */
export function japanLocalNow(now = new Date()): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 16);
}

/** An ISO moment as a `datetime-local` value in Japan time (the inverse of japanMoment). */
export function japanLocalOf(iso: string | null): string {
  return iso ? japanLocalNow(new Date(iso)) : '';
}

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** A yyyy-MM-dd day in Japanese: 2026年11月26日(木). */
export function formatJapanDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return `${at.getUTCFullYear()}年${at.getUTCMonth() + 1}月${at.getUTCDate()}日(${WEEKDAYS[at.getUTCDay()]})`;
}

/**
 * A moment in Japan time, in Japanese: 2026年11月26日(木) 14:05 — the one date format of the
 * operators' pages, whatever the device's time zone.
 */
export const formatJapanTime = (iso: string | null) => {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const japan = new Date(at.getTime() + 9 * 3600_000).toISOString();
  return `${formatJapanDay(japan.slice(0, 10))} ${japan.slice(11, 16)}`;
};
