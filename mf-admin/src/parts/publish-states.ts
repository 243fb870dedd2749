import type { AnnouncementState } from '@sukoyaka/contract';

/**
 * Where an announcement or an article stands, in Japanese. A part of its own: the articles page
 * names it without loading the announcements page's chunk.
 */
export const PUBLISH_STATE_LABELS: Record<AnnouncementState, string> = {
  draft: '下書き',
  scheduled: '公開予定',
  published: '公開中',
  expired: '掲載終了',
};
