import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { associations } from './platform';
import { associationRef, bytea, createdAt, generatedId, memberRef, moment, sessionRef } from './columns';

// The content area's tables (bff/src/content): announcements, FAQ, inquiries, the service's
// versioned documents with their files, and enquetes with their answers. A null association_id
// is content for every member (site-wide).

export const announcements = pgTable(
  'announcements',
  {
    id: generatedId(),
    associationId: uuid('association_id').references(() => associations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category: text('category', { enum: ['important', 'info', 'campaign', 'maintenance'] }).notNull(),
    /** Plain text, paragraphs separated by a blank line; shown as text, never as HTML. */
    body: text('body').notNull(),
    linkPath: text('link_path'),
    linkLabel: text('link_label'),
    /** Shown from this time (and listed by it, newest first) until publish_until. */
    publishFrom: moment('publish_from'),
    publishUntil: timestamp('publish_until', { withTimezone: true }),
    /** Null while a draft (or unpublished): members never see it. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').defaultNow(),
  },
  (table) => [
    index('announcements_visible_idx').on(table.publishFrom.desc(), table.id.desc()),
    index('announcements_association_idx').on(table.associationId),
    // Issue 28: a member's list is two ordered ranges, their association's and the site-wide ones.
    // Plain "desc" (nulls first) as the lists' ORDER BY; drizzle's .desc() says "nulls last",
    // an order the planner cannot use for them.
    index('announcements_association_publish_idx').on(table.associationId, sql`${table.publishFrom} desc`, sql`${table.id} desc`),
    index('announcements_site_wide_publish_idx')
      .on(sql`${table.publishFrom} desc`, sql`${table.id} desc`)
      .where(sql`${table.associationId} is null`),
    check('announcements_link_ck', sql`${table.linkPath} is null or ${table.linkPath} like '/%'`),
    check('announcements_window_ck', sql`${table.publishUntil} is null or ${table.publishUntil} > ${table.publishFrom}`),
  ],
);

export const announcementReads = pgTable(
  'announcement_reads',
  {
    userId: memberRef(),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    readAt: moment('read_at'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.announcementId] })],
);

export const faqCategories = pgTable(
  'faq_categories',
  {
    id: generatedId(),
    associationId: uuid('association_id').references(() => associations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index('faq_categories_association_idx').on(table.associationId)],
);

export const faqQuestions = pgTable(
  'faq_questions',
  {
    id: generatedId(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => faqCategories.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index('faq_questions_category_idx').on(table.categoryId)],
);

export const inquiries = pgTable(
  'inquiries',
  {
    id: generatedId(),
    userId: memberRef(),
    associationId: uuid('association_id').references(() => associations.id, { onDelete: 'set null' }),
    /** INQ-yyyyMMdd-XXXX (Japan day, four random letters and digits). */
    receiptNumber: text('receipt_number').notNull().unique(),
    category: text('category').notNull(),
    body: text('body').notNull(),
    /** The address the copy went to (the member's at the time). */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('inquiries_user_idx').on(table.userId, table.createdAt.desc())],
);

/** A version of a document; the highest published version of a kind (per association) is current. */
export const siteDocuments = pgTable(
  'site_documents',
  {
    id: generatedId(),
    associationId: uuid('association_id').references(() => associations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['terms', 'media_policy', 'paperworks'] }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('site_documents_version_uq').on(table.associationId, table.kind, table.version).nullsNotDistinct(),
    check('site_documents_version_ck', sql`${table.version} >= 1`),
  ],
);

export const documentFiles = pgTable(
  'document_files',
  {
    id: generatedId(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => siteDocuments.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('document_files_document_idx').on(table.documentId)],
);

export const enquetes = pgTable(
  'enquetes',
  {
    id: generatedId(),
    associationId: associationRef(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Null while a draft. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Answers are refused from this time (set when an operator closes it, or planned). */
    closesAt: timestamp('closes_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('enquetes_association_idx').on(table.associationId, table.publishedAt.desc())],
);

export const enqueteQuestions = pgTable(
  'enquete_questions',
  {
    id: generatedId(),
    enqueteId: uuid('enquete_id')
      .notNull()
      .references(() => enquetes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['single', 'multiple', 'scale', 'text'] }).notNull(),
    text: text('text').notNull(),
    required: boolean('required').notNull().default(false),
    scaleMin: integer('scale_min'),
    scaleMax: integer('scale_max'),
    scaleMinLabel: text('scale_min_label'),
    scaleMaxLabel: text('scale_max_label'),
  },
  (table) => [
    index('enquete_questions_enquete_idx').on(table.enqueteId, table.position),
    check(
      'enquete_questions_scale_ck',
      sql`${table.kind} <> 'scale' or (${table.scaleMin} is not null and ${table.scaleMax} is not null and ${table.scaleMin} < ${table.scaleMax})`,
    ),
  ],
);

export const enqueteChoices = pgTable(
  'enquete_choices',
  {
    id: generatedId(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => enqueteQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
  },
  (table) => [index('enquete_choices_question_idx').on(table.questionId, table.position)],
);

/** One per member and enquete: the unique key makes "answered once" hold under concurrency. */
export const enqueteResponses = pgTable(
  'enquete_responses',
  {
    id: generatedId(),
    enqueteId: uuid('enquete_id')
      .notNull()
      .references(() => enquetes.id, { onDelete: 'cascade' }),
    userId: memberRef(),
    answeredAt: moment('answered_at'),
  },
  (table) => [unique('enquete_responses_once_uq').on(table.enqueteId, table.userId), index('enquete_responses_user_idx').on(table.userId)],
);

/** One row per chosen choice, scale value or text of a response. */
export const enqueteAnswers = pgTable(
  'enquete_answers',
  {
    id: generatedId(),
    responseId: uuid('response_id')
      .notNull()
      .references(() => enqueteResponses.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => enqueteQuestions.id, { onDelete: 'cascade' }),
    choiceId: uuid('choice_id').references(() => enqueteChoices.id, { onDelete: 'cascade' }),
    scale: integer('scale'),
    text: text('text'),
  },
  (table) => [index('enquete_answers_response_idx').on(table.responseId), index('enquete_answers_question_idx').on(table.questionId)],
);

/**
 * A City OS opt-in link in flight: its nonce (SHA-256 only; the partner returns it as `state`),
 * bound to the member and the session that asked for the link, until the return uses it once or
 * it expires with the link.
 */
export const cityOsOptIns = pgTable(
  'city_os_opt_ins',
  {
    id: generatedId(),
    nonceHash: text('nonce_hash').notNull().unique(),
    sessionId: sessionRef(),
    userId: memberRef(),
    createdAt: moment('created_at'),
    expiresAt: moment('expires_at'),
  },
  (table) => [index('city_os_opt_ins_user_idx').on(table.userId), index('city_os_opt_ins_expires_idx').on(table.expiresAt)],
);
