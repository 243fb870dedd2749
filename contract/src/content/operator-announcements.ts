import { z } from 'zod/mini';
import { documented } from '../documented';
import { defineCall } from '../define';
import { cursor, pageSize, requiredText } from '../fields';
import { operatorAssociationId } from '../operators/shared';
import { announcementCategories } from '../announcement-categories';
import { announcementContentFields } from './announcements';
import { contentId, sitePath, publishWindowFields, WINDOW_DOCUMENTATION, WINDOW_ORDER, windowInOrder } from './shared';

/* The associations' staff publish announcements (mf-admin). Every write is audited. */

/** How an announcement stands for members now. */
export const announcementStates = ['draft', 'scheduled', 'published', 'expired'] as const;
export type AnnouncementState = (typeof announcementStates)[number];

export const operatorAnnouncementSchema = z.object({
  ...announcementContentFields,
  publishFrom: z.string(),
  publishUntil: z.nullable(z.string()),
  /** When it was published; null while a draft (or unpublished). */
  publishedAt: z.nullable(z.string()),
  state: z.enum(announcementStates),
  /** How many members have opened it. */
  readCount: z.number(),
  updatedAt: z.string(),
});
export type OperatorAnnouncement = z.infer<typeof operatorAnnouncementSchema>;

const announcementFields = {
  title: requiredText('タイトル', 100),
  category: z.enum(announcementCategories, { error: 'カテゴリを選択してください' }),
  body: requiredText('本文', 5000),
  linkPath: z.optional(z.nullable(sitePath)),
  linkLabel: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(30, 'リンクの文言は30文字以内で入力してください')))),
  ...publishWindowFields,
};

export const listOperatorAnnouncements = defineCall({
  name: 'listOperatorAnnouncements',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary:
    "The association's announcements in every state (draft, scheduled, published, expired), newest publish start first, keyset-paged, with how many members read each.",
  input: () => z.object({ associationId: operatorAssociationId(), cursor: z.optional(cursor), limit: pageSize(20, 100) }),
  output: () => z.object({ items: z.array(operatorAnnouncementSchema), nextCursor: z.nullable(z.string()) }),
});

export const createOperatorAnnouncement = defineCall({
  name: 'createOperatorAnnouncement',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  createsResource: true,
  summary:
    'Creates an announcement of the association (plain text body, an optional same-site link, a publish window); `publish: true` publishes it at once (members see it from publishFrom), else it stays a draft. Audited.',
  input: () =>
    documented(
      z
        .object({ associationId: operatorAssociationId(), publish: z._default(z.boolean(), false), ...announcementFields })
        .check(z.refine(windowInOrder, WINDOW_ORDER)),
      WINDOW_DOCUMENTATION,
    ),
  output: () => operatorAnnouncementSchema,
});

export const updateOperatorAnnouncement = defineCall({
  name: 'updateOperatorAnnouncement',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary: 'Changes an announcement of the association (its text, link, category and window); its published state stays. Audited.',
  input: () =>
    documented(
      z
        .object({ associationId: operatorAssociationId(), announcementId: contentId('お知らせID'), ...announcementFields })
        .check(z.refine(windowInOrder, WINDOW_ORDER)),
      WINDOW_DOCUMENTATION,
    ),
  output: () => operatorAnnouncementSchema,
});

export const publishOperatorAnnouncement = defineCall({
  name: 'publishOperatorAnnouncement',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary:
    'Publishes (`published: true`) or withdraws (`false`) an announcement of the association; doing it twice changes nothing more. Audited.',
  input: () => z.object({ associationId: operatorAssociationId(), announcementId: contentId('お知らせID'), published: z.boolean() }),
  output: () => operatorAnnouncementSchema,
});
