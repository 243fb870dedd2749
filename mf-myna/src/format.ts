import { japaneseDate, japaneseDateTime, japaneseMonth } from '@sukoyaka/shared';

/** The site's one format for a moment: 2026年11月21日(土) 10:30. */
export const formatDateTime = (iso: string) => japaneseDateTime(iso);

/** A calendar day as the records give it (yyyy-MM-dd, or the day of a timestamp): 2025年6月12日 */
export const formatDay = (day: string) => japaneseDate(day.slice(0, 10));

/** yyyy-MM: 2025年6月 */
export const formatMonth = (month: string) => japaneseMonth(month);

/** An amount of yen: 12,340円 */
export const formatYen = (amount: number) => `${amount.toLocaleString('ja-JP')}円`;
