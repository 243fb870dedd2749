import { japanDateTime, japanDay } from '@sukoyaka/shared';

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

/** A yyyy-MM-dd day in Japanese: 2026年11月26日(木) (mf-shared's one format). */
export const formatJapanDay = (day: string) => japanDay(day);

/**
 * A moment in Japan time, in Japanese: 2026年11月26日(木) 14:05 — the site's one date format,
 * in Japan time whatever the device's time zone; '—' for none.
 */
export const formatJapanTime = (iso: string | null) => (iso ? japanDateTime(iso) : '—');
