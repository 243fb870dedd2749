import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { associations } from './platform';
import { createdAt, generatedId, memberRef, moment } from './columns';

// Health articles and their quizzes (bff/src/content/articles.ts, decision 0030). A null
// association_id is an article for every member (site-wide).

export const articles = pgTable(
  'articles',
  {
    id: generatedId(),
    associationId: uuid('association_id').references(() => associations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category: text('category', {
      enum: ['lipids', 'blood_pressure', 'blood_sugar', 'kidney', 'smoking', 'exercise', 'diet', 'sleep', 'mental', 'general'],
    }).notNull(),
    /** The articles' Markdown subset (contract/src/content-terms/article-body.ts); never HTML. */
    body: text('body').notNull(),
    readingMinutes: integer('reading_minutes').notNull(),
    /** The quiz, one question; all four null when the article has none. */
    quizQuestion: text('quiz_question'),
    quizChoices: jsonb('quiz_choices').$type<string[]>(),
    quizAnswer: integer('quiz_answer'),
    quizExplanation: text('quiz_explanation'),
    publishFrom: moment('publish_from'),
    publishUntil: timestamp('publish_until', { withTimezone: true }),
    /** Null while a draft (or withdrawn): members never see it. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').defaultNow(),
  },
  (table) => [
    // A member's list is two ordered ranges, their association's and the site-wide ones (as announcements).
    index('articles_association_publish_idx').on(table.associationId, sql`${table.publishFrom} desc`, sql`${table.id} desc`),
    index('articles_site_wide_publish_idx')
      .on(sql`${table.publishFrom} desc`, sql`${table.id} desc`)
      .where(sql`${table.associationId} is null`),
    check('articles_window_ck', sql`${table.publishUntil} is null or ${table.publishUntil} > ${table.publishFrom}`),
    check(
      'articles_quiz_ck',
      sql`(${table.quizQuestion} is null and ${table.quizChoices} is null and ${table.quizAnswer} is null and ${table.quizExplanation} is null)
        or (${table.quizQuestion} is not null and ${table.quizChoices} is not null and ${table.quizAnswer} >= 0 and ${table.quizExplanation} is not null)`,
    ),
  ],
);

/** The articles a member saved. */
export const articleSaves = pgTable(
  'article_saves',
  {
    userId: memberRef(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    savedAt: moment('saved_at'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.articleId] }),
    index('article_saves_list_idx').on(table.userId, sql`${table.savedAt} desc`, sql`${table.articleId} desc`),
  ],
);

/** A member's first (and final) answer to an article's quiz: the primary key makes it once, even under concurrent answers. */
export const articleQuizAnswers = pgTable(
  'article_quiz_answers',
  {
    userId: memberRef(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    choice: integer('choice').notNull(),
    correct: boolean('correct').notNull(),
    answeredAt: moment('answered_at'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.articleId] }), index('article_quiz_answers_article_idx').on(table.articleId)],
);
