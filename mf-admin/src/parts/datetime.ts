/** A `datetime-local` value (Japan time, as operators think of it) as ISO 8601 with +09:00. */
export function japanMoment(local: string): string {
  return local ? `${local.length === 16 ? `${local}:00` : local}+09:00` : '';
}

/** Now in Japan as a `datetime-local` value (minutes). */
export function japanLocalNow(now = new Date()): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 16);
}

export const formatJapanTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' }) : '—';
