/*
 * An announcement's categories and their names as members read them. A module of its own
 * (`@sukoyaka/contract/announcement-categories`): the announcement pages and home name a
 * category with these few hundred bytes, not the content area's schemas (about 6 KiB, issue 27's
 * script budget).
 */

export const announcementCategories = ['important', 'info', 'campaign', 'maintenance'] as const;
export type AnnouncementCategory = (typeof announcementCategories)[number];
export const announcementCategoryLabels: Record<AnnouncementCategory, string> = {
  important: '重要',
  info: 'お知らせ',
  campaign: 'キャンペーン',
  maintenance: 'メンテナンス',
};
