// The content area's part of a member's download and of their leaving (platform/member-records.ts):
// their enquete answers, inquiries, saved articles and quiz answers; read marks of announcements go too.
import { asc, desc, eq } from 'drizzle-orm';
import {
  announcementReads,
  articleQuizAnswers,
  articleSaves,
  articles,
  enqueteAnswers,
  enqueteChoices,
  enqueteQuestions,
  enqueteResponses,
  enquetes,
  inquiries,
} from '../db/schema';
import { exportTimestamp as iso, type MemberRecordsKeeper } from '../platform/member-records';

export const contentMemberRecords: MemberRecordsKeeper = {
  area: 'content',

  async collect({ db, userId }) {
    const answers = await db
      .select({
        answeredAt: enqueteResponses.answeredAt,
        enquete: enquetes.title,
        question: enqueteQuestions.text,
        choice: enqueteChoices.label,
        scale: enqueteAnswers.scale,
        text: enqueteAnswers.text,
      })
      .from(enqueteResponses)
      .innerJoin(enquetes, eq(enquetes.id, enqueteResponses.enqueteId))
      .innerJoin(enqueteAnswers, eq(enqueteAnswers.responseId, enqueteResponses.id))
      .innerJoin(enqueteQuestions, eq(enqueteQuestions.id, enqueteAnswers.questionId))
      .leftJoin(enqueteChoices, eq(enqueteChoices.id, enqueteAnswers.choiceId))
      .where(eq(enqueteResponses.userId, userId))
      .orderBy(asc(enqueteResponses.answeredAt), asc(enqueteQuestions.position));
    const asked = await db.select().from(inquiries).where(eq(inquiries.userId, userId)).orderBy(desc(inquiries.createdAt));
    // Both on the member's own index: (user_id, saved_at desc, article_id desc) and the answers' (user_id, article_id).
    const saved = await db
      .select({ title: articles.title, savedAt: articleSaves.savedAt })
      .from(articleSaves)
      .innerJoin(articles, eq(articles.id, articleSaves.articleId))
      .where(eq(articleSaves.userId, userId))
      .orderBy(desc(articleSaves.savedAt), desc(articleSaves.articleId));
    const quizzes = await db
      .select({
        title: articles.title,
        question: articles.quizQuestion,
        choices: articles.quizChoices,
        choice: articleQuizAnswers.choice,
        correct: articleQuizAnswers.correct,
        answeredAt: articleQuizAnswers.answeredAt,
      })
      .from(articleQuizAnswers)
      .innerJoin(articles, eq(articles.id, articleQuizAnswers.articleId))
      .where(eq(articleQuizAnswers.userId, userId));
    // In the order answered (a member answers few quizzes: sorted here, not by an index of its own).
    quizzes.sort((a, b) => a.answeredAt.getTime() - b.answeredAt.getTime() || (a.title < b.title ? -1 : 1));
    return {
      tables: [
        {
          kind: 'enquete_answers',
          title: 'アンケートの回答',
          columns: [
            ['answeredAt', '回答日時'],
            ['enquete', 'アンケート'],
            ['question', '質問'],
            ['choice', '選択肢'],
            ['scale', '評価'],
            ['text', '自由記述'],
          ],
          rows: answers.map((row) => ({ ...row, answeredAt: iso(row.answeredAt) })),
        },
        {
          kind: 'inquiries',
          title: 'お問い合わせ',
          columns: [
            ['createdAt', '日時'],
            ['receiptNumber', '受付番号'],
            ['category', '種類'],
            ['body', '内容'],
          ],
          rows: asked.map((row) => ({
            createdAt: iso(row.createdAt),
            receiptNumber: row.receiptNumber,
            category: row.category,
            body: row.body,
          })),
        },
        {
          kind: 'article_saves',
          title: '保存した記事',
          columns: [
            ['savedAt', '保存日時'],
            ['article', '記事'],
          ],
          rows: saved.map((row) => ({ savedAt: iso(row.savedAt), article: row.title })),
        },
        {
          kind: 'article_quiz_answers',
          title: '記事のクイズの回答',
          columns: [
            ['answeredAt', '回答日時'],
            ['article', '記事'],
            ['question', '問題'],
            ['answer', '選んだ答え'],
            ['result', '正誤'],
          ],
          rows: quizzes.map((row) => ({
            answeredAt: iso(row.answeredAt),
            article: row.title,
            question: row.question,
            // The choice is a place in the article's stored choices, which keep their order once answered (decision 0030).
            answer: row.choices?.[row.choice] ?? null,
            result: row.correct ? '正解' : '不正解',
          })),
        },
      ],
    };
  },

  async erase({ tx, userId }) {
    // The answers go with their response (ON DELETE CASCADE).
    const responses = await tx.delete(enqueteResponses).where(eq(enqueteResponses.userId, userId)).returning({ id: enqueteResponses.id });
    const asked = await tx.delete(inquiries).where(eq(inquiries.userId, userId)).returning({ id: inquiries.id });
    await tx.delete(announcementReads).where(eq(announcementReads.userId, userId));
    // The users row stays (decision 0001): these go by the member's id, not by cascade.
    const saves = await tx.delete(articleSaves).where(eq(articleSaves.userId, userId)).returning({ id: articleSaves.articleId });
    const answers = await tx
      .delete(articleQuizAnswers)
      .where(eq(articleQuizAnswers.userId, userId))
      .returning({ id: articleQuizAnswers.articleId });
    return {
      audit: {
        enqueteResponses: responses.length,
        inquiries: asked.length,
        articleSaves: saves.length,
        articleQuizAnswers: answers.length,
      },
    };
  },
};
