// The content area's part of a member's download and of their leaving (platform/member-records.ts):
// their enquete answers and inquiries; read marks of announcements go too.
import { asc, desc, eq } from 'drizzle-orm';
import { announcementReads, enqueteAnswers, enqueteChoices, enqueteQuestions, enqueteResponses, enquetes, inquiries } from '../db/schema';
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
      ],
    };
  },

  async erase({ tx, userId }) {
    // The answers go with their response (ON DELETE CASCADE).
    const responses = await tx.delete(enqueteResponses).where(eq(enqueteResponses.userId, userId)).returning({ id: enqueteResponses.id });
    const asked = await tx.delete(inquiries).where(eq(inquiries.userId, userId)).returning({ id: inquiries.id });
    await tx.delete(announcementReads).where(eq(announcementReads.userId, userId));
    return { audit: { enqueteResponses: responses.length, inquiries: asked.length } };
  },
};
