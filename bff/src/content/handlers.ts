import type { Handlers } from '../platform/handlers';
import { countUnread, listAnnouncements, readAnnouncement } from './announcements';
import { currentSiteDocument } from './documents';
import { answerEnquete, getEnquete, listOpenEnquetes } from './enquetes';
import { listVisibleFaqCategories } from './faq';
import { createInquiry } from './inquiries';

/** The content area's calls (contract/src/content), as one record for app.ts. */
export const contentHandlers = {
  async listAnnouncements(input, { db, member, now }) {
    return listAnnouncements(db, member, input, now);
  },

  async readAnnouncement(input, { db, member, now }) {
    return readAnnouncement(db, member, input.announcementId, now);
  },

  async countUnreadAnnouncements(_input, { db, member, now }) {
    return { unreadCount: await countUnread(db, member, now) };
  },

  async listVisibleFaqCategories(input, { db, member }) {
    return listVisibleFaqCategories(db, member?.associationId ?? null, input.q);
  },

  async createInquiry(input, { db, member, now, config }) {
    return createInquiry(db, member, input, { now, staffAddress: config.inquiryMailTo });
  },

  async getSiteDocument(input, { db, member, now }) {
    return currentSiteDocument(db, input.kind, member?.associationId ?? null, now);
  },

  async listOpenEnquetes(_input, { db, member, now }) {
    return listOpenEnquetes(db, member, now);
  },

  async getEnquete(input, { db, member, now }) {
    return getEnquete(db, member, input.enqueteId, now);
  },

  async answerEnquete(input, { db, member, now }) {
    return answerEnquete(db, member, input, now);
  },
} satisfies Partial<Handlers>;
