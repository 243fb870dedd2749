import {
  ENQUETE_REQUIRED_MESSAGE,
  EnqueteErrorCodes,
  ErrorCodes,
  isAnswerGiven,
  missingRequiredAnswers,
  type CallOutput,
  type Enquete,
  type EnqueteAnswer,
  type EnqueteSummary,
} from '@sukoyaka/contract';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { enqueteAnswers, enqueteChoices, enqueteQuestions, enqueteResponses, enquetes } from '../db/schema';
import { recordActivity, settleActivities } from '../platform/activity-events';
import { japanDate } from '../platform/conditions';
import { HttpError, notFound } from '../platform/errors';
import type { Member } from '../platform/handlers';

/** The activity an answer records; a point menu of kind `enquete_answered` rewards it. */
export const ENQUETE_ANSWERED = 'enquete_answered';

const openAt = (now: Date) =>
  and(isNotNull(enquetes.publishedAt), lte(enquetes.publishedAt, now), or(isNull(enquetes.closesAt), gt(enquetes.closesAt, now)));

const invalid = (message: string) => new HttpError(400, ErrorCodes.invalidParameters, message, { answers: [message] });

export async function listOpenEnquetes(db: Executor, member: Member, now: Date): Promise<CallOutput<'listOpenEnquetes'>> {
  if (!member.associationId) return { items: [] };
  const rows = await db
    .select({ enquete: enquetes, answeredAt: enqueteResponses.answeredAt })
    .from(enquetes)
    .leftJoin(enqueteResponses, and(eq(enqueteResponses.enqueteId, enquetes.id), eq(enqueteResponses.userId, member.id)))
    .where(and(eq(enquetes.associationId, member.associationId), openAt(now)))
    .orderBy(desc(enquetes.publishedAt), desc(enquetes.id))
    .limit(100);
  const counts = rows.length
    ? await db
        .select({ enqueteId: enqueteQuestions.enqueteId, value: count() })
        .from(enqueteQuestions)
        .where(
          inArray(
            enqueteQuestions.enqueteId,
            rows.map((row) => row.enquete.id),
          ),
        )
        .groupBy(enqueteQuestions.enqueteId)
    : [];
  const byId = new Map(counts.map((row) => [row.enqueteId, row.value]));
  return {
    items: rows.map((row): EnqueteSummary => ({
      id: row.enquete.id,
      title: row.enquete.title,
      description: row.enquete.description,
      closesAt: row.enquete.closesAt?.toISOString() ?? null,
      questionCount: byId.get(row.enquete.id) ?? 0,
      answeredAt: row.answeredAt?.toISOString() ?? null,
    })),
  };
}

/** A published enquete of the member's association (open or closed since), with its questions. */
async function loadEnquete(db: Executor, member: Member, enqueteId: string, now: Date) {
  if (!member.associationId) throw notFound('アンケートが見つかりませんでした。');
  const [enquete] = await db
    .select()
    .from(enquetes)
    .where(
      and(
        eq(enquetes.id, enqueteId.toLowerCase()),
        eq(enquetes.associationId, member.associationId),
        isNotNull(enquetes.publishedAt),
        lte(enquetes.publishedAt, now),
      ),
    );
  if (!enquete) throw notFound('アンケートが見つかりませんでした。');
  const questions = await db
    .select()
    .from(enqueteQuestions)
    .where(eq(enqueteQuestions.enqueteId, enquete.id))
    .orderBy(asc(enqueteQuestions.position));
  const choices = questions.length
    ? await db
        .select()
        .from(enqueteChoices)
        .where(
          inArray(
            enqueteChoices.questionId,
            questions.map((question) => question.id),
          ),
        )
        .orderBy(asc(enqueteChoices.position))
    : [];
  return { enquete, questions, choices };
}

export async function getEnquete(db: Executor, member: Member, enqueteId: string, now: Date): Promise<Enquete> {
  const { enquete, questions, choices } = await loadEnquete(db, member, enqueteId, now);
  const [response] = await db
    .select({ answeredAt: enqueteResponses.answeredAt })
    .from(enqueteResponses)
    .where(and(eq(enqueteResponses.enqueteId, enquete.id), eq(enqueteResponses.userId, member.id)));
  return {
    id: enquete.id,
    title: enquete.title,
    description: enquete.description,
    closesAt: enquete.closesAt?.toISOString() ?? null,
    questionCount: questions.length,
    answeredAt: response?.answeredAt.toISOString() ?? null,
    questions: questions.map((question) => ({
      id: question.id,
      kind: question.kind,
      text: question.text,
      required: question.required,
      choices: choices.filter((choice) => choice.questionId === question.id).map((choice) => ({ id: choice.id, label: choice.label })),
      scaleMin: question.scaleMin,
      scaleMax: question.scaleMax,
      scaleMinLabel: question.scaleMinLabel,
      scaleMaxLabel: question.scaleMaxLabel,
    })),
  };
}

/**
 * Records the answers once. Every answer is checked against the stored question: its kind's
 * field only, choices of that question, a scale value inside its range, and every required
 * question answered. The unique (enquete, member) key keeps a concurrent second answer out.
 */
export async function answerEnquete(
  db: Database,
  member: Member,
  input: { enqueteId: string; answers: EnqueteAnswer[] },
  now: Date,
): Promise<CallOutput<'answerEnquete'>> {
  return db.transaction(async (tx) => {
    const { enquete, questions, choices } = await loadEnquete(tx, member, input.enqueteId, now);
    if (enquete.closesAt && enquete.closesAt <= now) {
      throw new HttpError(409, EnqueteErrorCodes.closed, 'このアンケートの回答受付は終了しました。');
    }
    const byId = new Map(questions.map((question) => [question.id, question]));
    const seen = new Set<string>();
    const rows: Array<{ questionId: string; choiceId: string | null; scale: number | null; text: string | null }> = [];
    for (const answer of input.answers) {
      const questionId = answer.questionId.toLowerCase();
      const question = byId.get(questionId);
      if (!question) throw invalid('このアンケートにない設問への回答が含まれています。');
      if (seen.has(questionId)) throw invalid('同じ設問への回答が重複しています。');
      seen.add(questionId);
      if (!isAnswerGiven(answer)) continue;
      const label = `「${question.text}」`;
      const choiceIds = [...new Set((answer.choiceIds ?? []).map((id) => id.toLowerCase()))];
      const own = new Set(choices.filter((choice) => choice.questionId === questionId).map((choice) => choice.id));
      const onlyField = (field: 'choices' | 'scale' | 'text') =>
        (field === 'choices' || choiceIds.length === 0) &&
        (field === 'scale' || answer.scale === undefined) &&
        (field === 'text' || (answer.text ?? '') === '');
      if (question.kind === 'single' || question.kind === 'multiple') {
        if (!onlyField('choices') || choiceIds.length === 0) throw invalid(`${label}は選択肢から選んでください。`);
        if (question.kind === 'single' && choiceIds.length > 1) throw invalid(`${label}は1つだけ選んでください。`);
        if (choiceIds.some((id) => !own.has(id))) throw invalid(`${label}の選択肢が正しくありません。`);
        for (const choiceId of choiceIds) rows.push({ questionId, choiceId, scale: null, text: null });
      } else if (question.kind === 'scale') {
        const scale = answer.scale;
        if (!onlyField('scale') || scale === undefined || scale < question.scaleMin! || scale > question.scaleMax!) {
          throw invalid(`${label}は${question.scaleMin}〜${question.scaleMax}から選んでください。`);
        }
        rows.push({ questionId, choiceId: null, scale, text: null });
      } else {
        if (!onlyField('text')) throw invalid(`${label}は文章で回答してください。`);
        rows.push({ questionId, choiceId: null, scale: null, text: answer.text!.trim() });
      }
    }
    if (missingRequiredAnswers(questions, input.answers).length > 0) throw invalid(ENQUETE_REQUIRED_MESSAGE);
    const [response] = await tx
      .insert(enqueteResponses)
      .values({ enqueteId: enquete.id, userId: member.id, answeredAt: now })
      .onConflictDoNothing()
      .returning({ id: enqueteResponses.id });
    if (!response) throw new HttpError(409, EnqueteErrorCodes.alreadyAnswered, 'このアンケートには回答済みです。');
    if (rows.length > 0) await tx.insert(enqueteAnswers).values(rows.map((row) => ({ ...row, responseId: response.id })));
    // The answer's event, and what it earns, with the answer (decision 0006).
    if (await recordActivity(tx, member.id, ENQUETE_ANSWERED, japanDate(now))) await settleActivities(tx, member.id, now);
    return { enqueteId: enquete.id, answeredAt: now.toISOString() };
  });
}
