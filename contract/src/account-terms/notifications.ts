/** The notification categories a member can turn on or off, with the words the page shows. */
export const notificationCategories = [
  { key: 'announcements', label: 'お知らせ', description: '健康保険組合やすこやかからの大切なお知らせ' },
  { key: 'points', label: 'ポイント・コイン', description: 'ポイント・コインの獲得や有効期限のご案内' },
  { key: 'health', label: '健康記録のリマインド', description: '血圧などの記録を続けるためのリマインド' },
  { key: 'campaigns', label: 'キャンペーン', description: 'キャンペーンや懸賞のご案内' },
  { key: 'walking', label: 'ウォーキングイベント', description: 'ウォーキングイベントの開始、チームへの参加、結果のお知らせ' },
] as const;

export type NotificationCategory = (typeof notificationCategories)[number]['key'];

/** The category an unsubscribe token names (its middle part), for the page to say what will stop before the member confirms. */
export function unsubscribeTokenCategory(token: string): (typeof notificationCategories)[number] | undefined {
  const key = token.split('.')[1];
  return notificationCategories.find((category) => category.key === key);
}
