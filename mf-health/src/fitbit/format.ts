import type { FitbitConnection } from '@sukoyaka/contract';
import { japaneseDateTime } from '@sukoyaka/shared';

/** The site's one format for a moment: 2026年11月21日(土) 10:30. */
export const formatSyncedAt = (iso: string) => japaneseDateTime(iso);

/** The last sync as one sentence, or null before the first. */
export function describeLastSync(connection: FitbitConnection): string | null {
  if (!connection.lastSyncedAt) return null;
  const when = formatSyncedAt(connection.lastSyncedAt);
  switch (connection.lastSyncResult) {
    case 'ok':
      return `${when}に同期しました（${connection.lastSyncedDays ?? 0}日分の歩数）。`;
    case 'needs_renewal':
      return `${when}の同期は、Fitbitとの連携の有効期限が切れていたためできませんでした。`;
    default:
      return `${when}の同期はFitbitと通信できず失敗しました。しばらくしてから「今すぐ同期」をお試しください。`;
  }
}
