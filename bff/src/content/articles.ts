import {
  ARTICLE_QUIZ_CORRECT,
  articlePlainText,
  ErrorCodes,
  type Article,
  type ArticleCategory,
  type ArticleQuizResult,
  type ArticleSummary,
  type CallOutput,
  type StoredImage,
} from '@sukoyaka/contract';
import { and, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { articleQuizAnswers, articleSaves, articles } from '../db/schema';
import { articleImagesOf } from './article-images';
import { recordActivity, settleActivities } from '../platform/activity-events';
import { japanDate } from '../platform/conditions';
import { decodeCursor, keysetBefore, keysetPage } from '../platform/cursor';
import { HttpError, notFound } from '../platform/errors';
import type { Member } from '../platform/handlers';

/*
 * The members' side of the health articles (issue 29, decision 0030): the visible articles
 * (their association's and site-wide, published, inside the window), saved ones, search, one
 * article with its quiz, and the quiz's answer, once.
 */

export type ArticleRow = typeof articles.$inferSelect;

const EXCERPT_LENGTH = 80;

/** Published, inside the window at `now`: what any member of its audience may read. */
export function articleDue(now: Date): SQL {
  return and(
    isNotNull(articles.publishedAt),
    lte(articles.publishFrom, now),
    or(isNull(articles.publishUntil), gt(articles.publishUntil, now)),
  )!;
}

/** What this member may read: due, and site-wide or their association's. Another association's is as absent as none. */
export function articleVisibleTo(associationId: string | null, now: Date): SQL {
  return and(
    articleDue(now),
    associationId ? or(isNull(articles.associationId), eq(articles.associationId, associationId)) : isNull(articles.associationId),
  )!;
}

export const articleNotFound = () => notFound('記事が見つかりませんでした。');

export function toArticleSummary(row: ArticleRow, saved: boolean, heroImage: StoredImage | null): ArticleSummary {
  const text = articlePlainText(row.body).replace(/\s+/g, ' ').trim();
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    excerpt: text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text,
    readingMinutes: row.readingMinutes,
    siteWide: row.associationId === null,
    publishedAt: row.publishFrom.toISOString(),
    hasQuiz: row.quizQuestion !== null,
    saved,
    heroImage,
  };
}

/** Which of these articles the member saved (one primary-key range). */
async function savedAmong(db: Executor, userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: articleSaves.articleId })
    .from(articleSaves)
    .where(and(eq(articleSaves.userId, userId), inArray(articleSaves.articleId, ids)));
  return new Set(rows.map((row) => row.id));
}

export async function summariesOf(db: Executor, userId: string, rows: ArticleRow[]): Promise<ArticleSummary[]> {
  const ids = rows.map((row) => row.id);
  const [saved, images] = await Promise.all([savedAmong(db, userId, ids), articleImagesOf(db, ids)]);
  return rows.map((row) => toArticleSummary(row, saved.has(row.id), images.get(row.id) ?? null));
}

/** A LIKE pattern holding the word literally (its % _ \ escaped). */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * Newest first by the time it became visible; the cursor is that time and the id. The
 * association's and the site-wide articles are each one ordered index range
 * (articles_association_publish_idx, articles_site_wide_publish_idx): a page of each, merged.
 * A search word or a category filters inside those ranges: an association has a few hundred
 * articles, so the scan is bounded by them (decision 0030), never by members or other associations.
 */
export async function listArticles(
  db: Executor,
  member: Member,
  input: { q?: string | undefined; category?: ArticleCategory | undefined; cursor?: string | undefined; limit: number },
  now: Date,
): Promise<CallOutput<'listArticles'>> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const word = input.q?.trim();
  const filters = and(
    articleDue(now),
    word ? or(ilike(articles.title, containing(word)), ilike(articles.body, containing(word))) : undefined,
    input.category ? eq(articles.category, input.category) : undefined,
    after ? keysetBefore(articles.publishFrom, articles.id, after) : undefined,
  );
  const rangeOf = (scope: SQL) =>
    db
      .select()
      .from(articles)
      .where(and(scope, filters))
      .orderBy(desc(articles.publishFrom), desc(articles.id))
      .limit(input.limit + 1);
  const ranges = [await rangeOf(isNull(articles.associationId))];
  if (member.associationId) ranges.push(await rangeOf(eq(articles.associationId, member.associationId)));
  const rows = ranges
    .flat()
    .sort((a, b) => b.publishFrom.getTime() - a.publishFrom.getTime() || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0))
    .slice(0, input.limit + 1);
  const page = keysetPage(rows, input.limit, (row) => ({ at: row.publishFrom, id: row.id }));
  return { items: await summariesOf(db, member.id, page.rows), nextCursor: page.nextCursor };
}

/** The member's saved articles still visible, last saved first (article_saves_list_idx). */
export async function listSavedArticles(
  db: Executor,
  member: Member,
  input: { cursor?: string | undefined; limit: number },
  now: Date,
): Promise<CallOutput<'listSavedArticles'>> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await db
    .select({ article: articles, savedAt: articleSaves.savedAt })
    .from(articleSaves)
    .innerJoin(articles, eq(articles.id, articleSaves.articleId))
    .where(
      and(
        eq(articleSaves.userId, member.id),
        articleVisibleTo(member.associationId, now),
        after ? keysetBefore(articleSaves.savedAt, articleSaves.articleId, after) : undefined,
      ),
    )
    .orderBy(desc(articleSaves.savedAt), desc(articleSaves.articleId))
    .limit(input.limit + 1);
  const page = keysetPage(rows, input.limit, (row) => ({ at: row.savedAt, id: row.article.id }));
  const images = await articleImagesOf(
    db,
    page.rows.map((row) => row.article.id),
  );
  return {
    items: page.rows.map((row) => toArticleSummary(row.article, true, images.get(row.article.id) ?? null)),
    nextCursor: page.nextCursor,
  };
}

async function visibleArticle(db: Executor, member: Member, articleId: string, now: Date): Promise<ArticleRow> {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.id, articleId.toLowerCase()), articleVisibleTo(member.associationId, now)));
  if (!row) throw articleNotFound();
  return row;
}

const toResult = (row: ArticleRow, answer: typeof articleQuizAnswers.$inferSelect): ArticleQuizResult => ({
  choice: answer.choice,
  correct: answer.correct,
  answer: row.quizAnswer ?? 0,
  explanation: row.quizExplanation ?? '',
  answeredAt: answer.answeredAt.toISOString(),
});

async function answerOf(db: Executor, userId: string, articleId: string) {
  const [answer] = await db
    .select()
    .from(articleQuizAnswers)
    .where(and(eq(articleQuizAnswers.userId, userId), eq(articleQuizAnswers.articleId, articleId)));
  return answer ?? null;
}

export async function getArticle(db: Executor, member: Member, articleId: string, now: Date): Promise<Article> {
  const row = await visibleArticle(db, member, articleId, now);
  const [saved, images] = await Promise.all([savedAmong(db, member.id, [row.id]), articleImagesOf(db, [row.id])]);
  const answer = row.quizQuestion ? await answerOf(db, member.id, row.id) : null;
  return {
    ...toArticleSummary(row, saved.has(row.id), images.get(row.id) ?? null),
    body: row.body,
    quiz: row.quizQuestion
      ? { question: row.quizQuestion, choices: row.quizChoices ?? [], result: answer ? toResult(row, answer) : null }
      : null,
  };
}

export async function saveArticle(
  db: Executor,
  member: Member,
  input: { articleId: string; saved: boolean },
  now: Date,
): Promise<CallOutput<'saveArticle'>> {
  return db.transaction(async (tx) => {
    const row = await visibleArticle(tx, member, input.articleId, now);
    if (input.saved) {
      await tx.insert(articleSaves).values({ userId: member.id, articleId: row.id, savedAt: now }).onConflictDoNothing();
    } else {
      await tx.delete(articleSaves).where(and(eq(articleSaves.userId, member.id), eq(articleSaves.articleId, row.id)));
    }
    return { articleId: row.id, saved: input.saved };
  });
}

/**
 * The first answer is final and recorded once (the primary key of article_quiz_answers: of two
 * concurrent answers one inserts, the other reads it). Only that first answer, when correct,
 * records the activity `article_quiz_correct`, settled in the same transaction (decision 0006):
 * a wrong first answer pays nothing and cannot be retried into points (decision 0030).
 */
export async function answerArticleQuiz(
  db: Executor,
  member: Member,
  input: { articleId: string; choice: number },
  now: Date,
): Promise<ArticleQuizResult> {
  return db.transaction(async (tx) => {
    const row = await visibleArticle(tx, member, input.articleId, now);
    if (!row.quizQuestion || !row.quizChoices) throw notFound('この記事にはクイズがありません。');
    const existing = await answerOf(tx, member.id, row.id);
    if (existing) return toResult(row, existing);
    if (input.choice >= row.quizChoices.length) {
      const message = '回答の選択肢が正しくありません';
      throw new HttpError(400, ErrorCodes.invalidParameters, message, { choice: [message] });
    }
    const correct = input.choice === row.quizAnswer;
    const [inserted] = await tx
      .insert(articleQuizAnswers)
      .values({ userId: member.id, articleId: row.id, choice: input.choice, correct, answeredAt: now })
      .onConflictDoNothing()
      .returning();
    // A concurrent first answer won: its result stands, and only it may have paid.
    if (!inserted) return toResult(row, (await answerOf(tx, member.id, row.id))!);
    if (correct && (await recordActivity(tx, member.id, `${ARTICLE_QUIZ_CORRECT}`, japanDate(now)))) {
      await settleActivities(tx, member.id, now);
    }
    return toResult(row, inserted);
  });
}
