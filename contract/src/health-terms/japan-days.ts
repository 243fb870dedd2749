/** Japan keeps +09:00 all year. */
export const JAPAN_OFFSET = '+09:00';
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The day in Japan (yyyy-MM-dd) of a moment. */
export function japanDay(moment: Date): string {
  return new Date(moment.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 10);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Whether text is a real calendar day, yyyy-MM-dd. */
export function isRealDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  // 0000-00-00 and 2026-02-30 are not days: the first is no Date at all, the second rolls over.
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The period as moments: `from` inclusive, `to` exclusive. A day covers the whole Japanese day
 * (`to: 2026-05-31` includes that evening); a moment is taken as is, `to` inclusive.
 */
export function periodMoments(period: { from?: string | undefined; to?: string | undefined }): { from: Date | null; until: Date | null } {
  const start = (value: string) => new Date(isRealDay(value) ? `${value}T00:00:00${JAPAN_OFFSET}` : value);
  const from = period.from ? start(period.from) : null;
  let until: Date | null = null;
  if (period.to) {
    until = isRealDay(period.to) ? new Date(start(period.to).getTime() + 24 * 60 * 60 * 1000) : new Date(Date.parse(period.to) + 1);
  }
  return { from, until };
}

/** The period as Japanese days, both inclusive (the steps list, which is by day). */
export function periodDays(period: { from?: string | undefined; to?: string | undefined }): { from: string | null; to: string | null } {
  const day = (value: string) => (isRealDay(value) ? value : japanDay(new Date(value)));
  return { from: period.from ? day(period.from) : null, to: period.to ? day(period.to) : null };
}
