/** The hour in Japan, wherever the browser is. */
function japanHour(at: Date): number {
  return new Date(at.getTime() + 9 * 60 * 60 * 1000).getUTCHours();
}

/** The greeting for the time of day in Japan: morning 4:00–10:59, day 11:00–17:59, evening otherwise. */
export function greetingAt(at: Date): string {
  const hour = japanHour(at);
  if (hour >= 4 && hour < 11) return 'おはようございます';
  if (hour >= 11 && hour < 18) return 'こんにちは';
  return 'こんばんは';
}

/** yyyy-MM-dd in Japan. */
export function japanDay(at: Date): string {
  return new Date(at.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
