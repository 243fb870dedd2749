import { z } from 'zod/mini';
import { defineCall } from '../define';
import { cursor, isoTimestamp, pageSize } from '../fields';
import { announcementCategories } from '../announcement-categories';
import { contentId } from './shared';

/* Announcements (spec §1): an association's and site-wide, inside their publish window, newest first. */

/** What an announcement says, as members and the association's staff alike read it. */
export const announcementContentFields = {
  id: z.string(),
  title: z.string(),
  category: z.enum(announcementCategories),
  /** Plain text; paragraphs are separated by a blank line. Never HTML. */
  body: z.string(),
  /** A same-site path the announcement points to, or null. */
  linkPath: z.nullable(z.string()),
  linkLabel: z.nullable(z.string()),
};

export const announcementSchema = z.object({
  ...announcementContentFields,
  /** True for an announcement to every member, not only the association's. */
  siteWide: z.boolean(),
  publishedAt: isoTimestamp,
  /** When this member opened it; null while unread. */
  readAt: z.nullable(z.string()),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const listAnnouncements = defineCall({
  name: 'listAnnouncements',
  method: 'GET',
  access: 'member',
  summary:
    "The announcements the member may see now (their association's and site-wide, inside the publish window), newest first, keyset-paged, each with whether the member has read it.",
  input: () => z.object({ cursor: z.optional(cursor), limit: pageSize() }),
  output: () => z.object({ items: z.array(announcementSchema), nextCursor: z.nullable(z.string()), unreadCount: z.number() }),
});

export const readAnnouncement = defineCall({
  name: 'readAnnouncement',
  method: 'POST',
  access: 'member',
  summary: 'Marks one visible announcement read by the member and answers it; reading it again keeps the first time.',
  input: () => z.object({ announcementId: contentId('お知らせID') }),
  output: () => announcementSchema,
});

export const countUnreadAnnouncements = defineCall({
  name: 'countUnreadAnnouncements',
  method: 'GET',
  access: 'member',
  summary: 'How many announcements visible now the member has not read (the badge in the header and on home).',
  input: () => z.strictObject({}),
  output: () => z.object({ unreadCount: z.number() }),
});
