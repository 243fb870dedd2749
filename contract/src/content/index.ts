import type { CallDefinition } from '../define';
import { countUnreadAnnouncements, listAnnouncements, readAnnouncement } from './announcements';
import { getSiteDocument } from './documents';
import { answerEnquete, getEnquete, listOpenEnquetes } from './enquetes';
import { listVisibleFaqCategories } from './faq';
import { createInquiry } from './inquiries';

/** The content area's calls (pages in mf-account, bff/src/content). */
export const contentCalls = {
  listAnnouncements,
  readAnnouncement,
  countUnreadAnnouncements,
  listVisibleFaqCategories,
  createInquiry,
  getSiteDocument,
  listOpenEnquetes,
  getEnquete,
  answerEnquete,
} as const satisfies Record<string, CallDefinition>;

export * from './announcements';
export * from './documents';
export * from './enquetes';
export * from './faq';
export * from './inquiries';
export * from './shared';
