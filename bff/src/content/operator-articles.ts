import { randomInt } from 'node:crypto';
import {
  ArticleErrorCodes,
  readingMinutes,
  type ArticleState,
  type CallOutput,
  type OperatorArticle,
  type ParsedInput,
  type StoredImage,
} from '@sukoyaka/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { articleQuizAnswers, articles } from '../db/schema';
import { decodeCursor, keysetBefore, keysetPage } from '../platform/cursor';
import { HttpError, notFound } from '../platform/errors';
import { auditOperator } from '../platform/operators';
import { articleImagesOf, processArticleImage, removeArticleImage, storeArticleImage } from './article-images';
import type { OperatorContext } from './operator-context';

/* The associations' staff write articles and their quizzes (mf-admin). Every write is audited. */

type Row = typeof articles.$inferSelect;

export function articleState(row: Row, now: Date): ArticleState {
  if (!row.publishedAt) return 'draft';
  if (row.publishFrom > now) return 'scheduled';
  if (row.publishUntil && row.publishUntil <= now) return 'expired';
  return 'published';
}

type Tally = { answers: number; correct: number };

const toOperatorArticle = (row: Row, tally: Tally | undefined, now: Date, heroImage: StoredImage | null): OperatorArticle => ({
  id: row.id,
  title: row.title,
  category: row.category,
  body: row.body,
  readingMinutes: row.readingMinutes,
  quiz:
    row.quizQuestion && row.quizChoices
      ? { question: row.quizQuestion, choices: row.quizChoices, answer: row.quizAnswer ?? 0, explanation: row.quizExplanation ?? '' }
      : null,
  publishFrom: row.publishFrom.toISOString(),
  publishUntil: row.publishUntil?.toISOString() ?? null,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  state: articleState(row, now),
  quizAnswers: tally?.answers ?? 0,
  quizCorrect: tally?.correct ?? 0,
  updatedAt: row.updatedAt.toISOString(),
  heroImage,
});

/** The quizzes' answers of a page of articles (article_quiz_answers_article_idx). */
async function tallies(db: Executor, ids: string[]): Promise<Map<string, Tally>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: articleQuizAnswers.articleId,
      answers: count(),
      correct: sql<string>`count(*) filter (where ${articleQuizAnswers.correct})`,
    })
    .from(articleQuizAnswers)
    .where(inArray(articleQuizAnswers.articleId, ids))
    .groupBy(articleQuizAnswers.articleId);
  return new Map(rows.map((row) => [row.id, { answers: Number(row.answers), correct: Number(row.correct) }]));
}

/** The association's own article; another association's (or a site-wide one) is as absent as a missing one. */
async function ownArticle(db: Executor, associationId: string, articleId: string, lock = false): Promise<Row> {
  const query = db
    .select()
    .from(articles)
    .where(and(eq(articles.id, articleId.toLowerCase()), eq(articles.associationId, associationId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('記事が見つかりませんでした。');
  return row;
}

export async function listOperatorArticles(
  db: Executor,
  input: ParsedInput<'listOperatorArticles'>,
  now: Date,
): Promise<CallOutput<'listOperatorArticles'>> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await db
    .select()
    .from(articles)
    .where(
      and(
        eq(articles.associationId, input.associationId.toLowerCase()),
        after ? keysetBefore(articles.publishFrom, articles.id, after) : undefined,
      ),
    )
    .orderBy(desc(articles.publishFrom), desc(articles.id))
    .limit(input.limit + 1);
  const page = keysetPage(rows, input.limit, (row) => ({ at: row.publishFrom, id: row.id }));
  const ids = page.rows.map((row) => row.id);
  const [counts, images] = await Promise.all([tallies(db, ids), articleImagesOf(db, ids)]);
  return {
    items: page.rows.map((row) => toOperatorArticle(row, counts.get(row.id), now, images.get(row.id) ?? null)),
    nextCursor: page.nextCursor,
  };
}

type ArticleInput = ParsedInput<'createOperatorArticle'> | ParsedInput<'updateOperatorArticle'>;

/**
 * The quiz's choices in a random order with the correct one's place. An edit that keeps the same
 * correct and other choices keeps the order members saw.
 */
function quizChoicesOf(quiz: NonNullable<ArticleInput['quiz']>, existing?: Row): { choices: string[]; answer: number } {
  const others = [...quiz.otherChoices];
  if (existing?.quizChoices && existing.quizAnswer !== null) {
    const before = existing.quizChoices;
    const sameOthers = before.filter((_, index) => index !== existing.quizAnswer);
    if (before[existing.quizAnswer] === quiz.correctChoice && [...sameOthers].sort().join('\n') === [...others].sort().join('\n'))
      return { choices: before, answer: existing.quizAnswer };
  }
  const answer = randomInt(others.length + 1);
  others.splice(answer, 0, quiz.correctChoice);
  return { choices: others, answer };
}

const fieldsOf = (input: ArticleInput, existing?: Row) => {
  const quiz = input.quiz ? quizChoicesOf(input.quiz, existing) : null;
  return {
    title: input.title,
    category: input.category,
    body: input.body,
    readingMinutes: readingMinutes(input.body),
    quizQuestion: input.quiz?.question ?? null,
    quizChoices: quiz?.choices ?? null,
    quizAnswer: quiz?.answer ?? null,
    quizExplanation: input.quiz?.explanation ?? null,
    publishFrom: new Date(input.publishFrom),
    publishUntil: input.publishUntil ? new Date(input.publishUntil) : null,
  };
};

export async function createOperatorArticle(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'createOperatorArticle'>,
): Promise<OperatorArticle> {
  const associationId = input.associationId.toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(articles)
      .values({ associationId, ...fieldsOf(input), publishedAt: input.publish ? now : null, createdAt: now, updatedAt: now })
      .returning();
    await auditOperator(
      tx,
      actor,
      'article_created',
      operator.id,
      associationId,
      { articleId: row!.id, published: input.publish, quiz: Boolean(input.quiz) },
      now,
    );
    return toOperatorArticle(row!, undefined, now, null);
  });
}

const quizOf = (row: Pick<Row, 'quizQuestion' | 'quizChoices' | 'quizAnswer'>) =>
  JSON.stringify([row.quizQuestion, row.quizChoices, row.quizAnswer]);

export async function updateOperatorArticle(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'updateOperatorArticle'>,
): Promise<OperatorArticle> {
  const associationId = input.associationId.toLowerCase();
  return db.transaction(async (tx) => {
    const existing = await ownArticle(tx, associationId, input.articleId, true);
    const fields = fieldsOf(input, existing);
    const tally = (await tallies(tx, [existing.id])).get(existing.id);
    // Members answered this question with these choices: it stays (its explanation may be mended).
    if (tally && tally.answers > 0 && quizOf(existing) !== quizOf(fields)) {
      throw new HttpError(409, ArticleErrorCodes.quizAnswered, '回答済みの会員がいるため、クイズの問題・選択肢・正解は変更できません。');
    }
    const [row] = await tx
      .update(articles)
      .set({ ...fields, updatedAt: now })
      .where(eq(articles.id, existing.id))
      .returning();
    const comparable = (value: unknown) => (value instanceof Date ? value.getTime() : JSON.stringify(value ?? null));
    const changed = (Object.keys(fields) as Array<keyof typeof fields>).filter(
      (key) => comparable(fields[key]) !== comparable(existing[key]),
    );
    await auditOperator(tx, actor, 'article_updated', operator.id, associationId, { articleId: existing.id, changed }, now);
    return toOperatorArticle(row!, tally, now, (await articleImagesOf(tx, [existing.id])).get(existing.id) ?? null);
  });
}

export async function publishOperatorArticle(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'publishOperatorArticle'>,
): Promise<OperatorArticle> {
  const associationId = input.associationId.toLowerCase();
  return db.transaction(async (tx) => {
    const existing = await ownArticle(tx, associationId, input.articleId, true);
    let row = existing;
    if (Boolean(existing.publishedAt) !== input.published) {
      [row] = (await tx
        .update(articles)
        .set({ publishedAt: input.published ? now : null, updatedAt: now })
        .where(eq(articles.id, existing.id))
        .returning()) as [Row];
      await auditOperator(
        tx,
        actor,
        input.published ? 'article_published' : 'article_unpublished',
        operator.id,
        associationId,
        { articleId: existing.id },
        now,
      );
    }
    return toOperatorArticle(
      row,
      (await tallies(tx, [existing.id])).get(existing.id),
      now,
      (await articleImagesOf(tx, [existing.id])).get(existing.id) ?? null,
    );
  });
}

/** The article as its operator sees it now, hero image and answer counts included. */
async function operatorArticleOf(db: Executor, row: Row, now: Date): Promise<OperatorArticle> {
  const [counts, images] = await Promise.all([tallies(db, [row.id]), articleImagesOf(db, [row.id])]);
  return toOperatorArticle(row, counts.get(row.id), now, images.get(row.id) ?? null);
}

/**
 * setOperatorArticleImage: the association's own article (another's, or a site-wide one, is 404);
 * the picture is checked and re-encoded before anything is stored, then replaced in one
 * transaction with its audit row.
 */
export async function setOperatorArticleImage(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'setOperatorArticleImage'>,
): Promise<OperatorArticle> {
  const associationId = input.associationId.toLowerCase();
  const existing = await ownArticle(db, associationId, input.articleId);
  const image = await processArticleImage(Buffer.from(input.contentBase64, 'base64'));
  await db.transaction(async (tx) => {
    await ownArticle(tx, associationId, existing.id, true);
    await storeArticleImage(tx, existing.id, input.alt, image, now);
    await auditOperator(
      tx,
      actor,
      'article_image_set',
      operator.id,
      associationId,
      { articleId: existing.id, files: image.files.map((file) => file.hash) },
      now,
    );
  });
  return operatorArticleOf(db, existing, now);
}

/** removeOperatorArticleImage: the files go (their URLs answer 404); an article without one answers the same, unaudited. */
export async function removeOperatorArticleImage(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'removeOperatorArticleImage'>,
): Promise<OperatorArticle> {
  const associationId = input.associationId.toLowerCase();
  const existing = await db.transaction(async (tx) => {
    const row = await ownArticle(tx, associationId, input.articleId, true);
    const files = await removeArticleImage(tx, row.id);
    if (files.length > 0)
      await auditOperator(tx, actor, 'article_image_removed', operator.id, associationId, { articleId: row.id, files }, now);
    return row;
  });
  return operatorArticleOf(db, existing, now);
}
