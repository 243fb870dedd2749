import { format } from 'date-fns';
import { ja } from 'date-fns/locale/ja';

/** 2026年11月21日(土) 10:30 */
export const formatDateTime = (iso: string) => format(new Date(iso), 'yyyy年M月d日(E) HH:mm', { locale: ja });

/** A calendar day as the records give it (yyyy-MM-dd): 2025年6月12日 */
export function formatDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number);
  return `${year}年${month}月${date}日`;
}

/** yyyy-MM: 2025年6月 */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return `${year}年${number}月`;
}

/** An amount of yen: 12,340円 */
export const formatYen = (amount: number) => `${amount.toLocaleString('ja-JP')}円`;
