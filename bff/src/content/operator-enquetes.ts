import type { CallOutput, EnqueteState, OperatorEnquete, ParsedInput } from '@sukoyaka/contract';
import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { enqueteAnswers, enqueteChoices, enqueteQuestions, enqueteResponses, enquetes } from '../db/schema';
import { notFound } from '../platform/errors';
import { auditOperator } from '../platform/operators';
import type { OperatorContext } from './operator-context';

type Row = typeof enquetes.$inferSelect;

function stateOf(row: Row, now: Date): EnqueteState {
  if (!row.publishedAt) return 'draft';
  return row.closesAt && row.closesAt <= now ? 'closed' : 'open';
}

async function summaries(db: Executor, rows: Row[], now: Date): Promise<OperatorEnquete[]> {
  const ids = rows.map((row) => row.id);
  const [questions, responses] = ids.length
    ? await Promise.all([
        db
          .select({ id: enqueteQuestions.enqueteId, value: count() })
          .from(enqueteQuestions)
          .where(inArray(enqueteQuestions.enqueteId, ids))
          .groupBy(enqueteQuestions.enqueteId),
        db
          .select({ id: enqueteResponses.enqueteId, value: count() })
          .from(enqueteResponses)
          .where(inArray(enqueteResponses.enqueteId, ids))
          .groupBy(enqueteResponses.enqueteId),
      ])
    : [[], []];
  const questionCounts = new Map(questions.map((row) => [row.id, row.value]));
  const responseCounts = new Map(responses.map((row) => [row.id, row.value]));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    state: stateOf(row, now),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    closesAt: row.closesAt?.toISOString() ?? null,
    questionCount: questionCounts.get(row.id) ?? 0,
    responseCount: responseCounts.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}

async function ownEnquete(db: Executor, associationId: string, enqueteId: string, lock = false): Promise<Row> {
  const query = db
    .select()
    .from(enquetes)
    .where(and(eq(enquetes.id, enqueteId.toLowerCase()), eq(enquetes.associationId, associationId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('アンケートが見つかりませんでした。');
  return row;
}

export async function listOperatorEnquetes(db: Executor, associationId: string, now: Date): Promise<CallOutput<'listOperatorEnquetes'>> {
  const rows = await db
    .select()
    .from(enquetes)
    .where(eq(enquetes.associationId, associationId.toLowerCase()))
    .orderBy(desc(enquetes.createdAt), desc(enquetes.id))
    .limit(200);
  return { items: await summaries(db, rows, now) };
}

export async function createOperatorEnquete(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'createOperatorEnquete'>,
): Promise<OperatorEnquete> {
  const associationId = input.associationId.toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(enquetes)
      .values({
        associationId,
        title: input.title,
        description: input.description,
        closesAt: input.closesAt ? new Date(input.closesAt) : null,
        createdAt: now,
      })
      .returning();
    const questions = await tx
      .insert(enqueteQuestions)
      .values(
        input.questions.map((question, index) => ({
          enqueteId: row!.id,
          position: index + 1,
          kind: question.kind,
          text: question.text,
          required: question.required,
          ...(question.kind === 'scale'
            ? {
                scaleMin: question.scaleMin ?? 1,
                scaleMax: question.scaleMax ?? 5,
                scaleMinLabel: question.scaleMinLabel || null,
                scaleMaxLabel: question.scaleMaxLabel || null,
              }
            : {}),
        })),
      )
      .returning({ id: enqueteQuestions.id, position: enqueteQuestions.position });
    const choices = questions.flatMap((question) => {
      const spec = input.questions[question.position - 1]!;
      if (spec.kind !== 'single' && spec.kind !== 'multiple') return [];
      return spec.choices.map((label, index) => ({ questionId: question.id, position: index + 1, label }));
    });
    if (choices.length > 0) await tx.insert(enqueteChoices).values(choices);
    await auditOperator(tx, actor, 'enquete_created', operator.id, associationId, { enqueteId: row!.id }, now);
    return (await summaries(tx, [row!], now))[0]!;
  });
}

export async function publishOperatorEnquete(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'publishOperatorEnquete'>,
): Promise<OperatorEnquete> {
  const associationId = input.associationId.toLowerCase();
  return db.transaction(async (tx) => {
    let row = await ownEnquete(tx, associationId, input.enqueteId, true);
    if (!row.publishedAt) {
      [row] = (await tx.update(enquetes).set({ publishedAt: now }).where(eq(enquetes.id, row.id)).returning()) as [Row];
      await auditOperator(tx, actor, 'enquete_published', operator.id, associationId, { enqueteId: row.id }, now);
    }
    return (await summaries(tx, [row], now))[0]!;
  });
}

export async function closeOperatorEnquete(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'closeOperatorEnquete'>,
): Promise<OperatorEnquete> {
  const associationId = input.associationId.toLowerCase();
  return db.transaction(async (tx) => {
    let row = await ownEnquete(tx, associationId, input.enqueteId, true);
    if (!row.closesAt || row.closesAt > now) {
      [row] = (await tx.update(enquetes).set({ closesAt: now }).where(eq(enquetes.id, row.id)).returning()) as [Row];
      await auditOperator(tx, actor, 'enquete_closed', operator.id, associationId, { enqueteId: row.id }, now);
    }
    return (await summaries(tx, [row], now))[0]!;
  });
}

/** Counts per choice and scale value and the free texts; never who answered. The read is audited. */
export async function getOperatorEnqueteResults(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'getOperatorEnqueteResults'>,
): Promise<CallOutput<'getOperatorEnqueteResults'>> {
  const associationId = input.associationId.toLowerCase();
  const row = await ownEnquete(db, associationId, input.enqueteId);
  const questions = await db
    .select()
    .from(enqueteQuestions)
    .where(eq(enqueteQuestions.enqueteId, row.id))
    .orderBy(asc(enqueteQuestions.position));
  const questionIds = questions.map((question) => question.id);
  const choices = questionIds.length
    ? await db.select().from(enqueteChoices).where(inArray(enqueteChoices.questionId, questionIds)).orderBy(asc(enqueteChoices.position))
    : [];
  const choiceCounts = questionIds.length
    ? await db
        .select({ choiceId: enqueteAnswers.choiceId, value: count() })
        .from(enqueteAnswers)
        .where(and(inArray(enqueteAnswers.questionId, questionIds), isNotNull(enqueteAnswers.choiceId)))
        .groupBy(enqueteAnswers.choiceId)
    : [];
  const scaleCounts = questionIds.length
    ? await db
        .select({ questionId: enqueteAnswers.questionId, scale: enqueteAnswers.scale, value: count() })
        .from(enqueteAnswers)
        .where(and(inArray(enqueteAnswers.questionId, questionIds), isNotNull(enqueteAnswers.scale)))
        .groupBy(enqueteAnswers.questionId, enqueteAnswers.scale)
    : [];
  // Members who answered each question (a multiple choice has a row per choice).
  const answeredCounts = questionIds.length
    ? await db
        .selectDistinct({ questionId: enqueteAnswers.questionId, responseId: enqueteAnswers.responseId })
        .from(enqueteAnswers)
        .where(inArray(enqueteAnswers.questionId, questionIds))
    : [];
  const texts = questionIds.length
    ? await db
        .select({ questionId: enqueteAnswers.questionId, text: enqueteAnswers.text, answeredAt: enqueteResponses.answeredAt })
        .from(enqueteAnswers)
        .innerJoin(enqueteResponses, eq(enqueteResponses.id, enqueteAnswers.responseId))
        .where(and(inArray(enqueteAnswers.questionId, questionIds), isNotNull(enqueteAnswers.text)))
        .orderBy(desc(enqueteResponses.answeredAt), desc(enqueteAnswers.id))
        .limit(500 * Math.max(1, questions.filter((question) => question.kind === 'text').length))
    : [];
  const byChoice = new Map(choiceCounts.map((entry) => [entry.choiceId, entry.value]));
  await auditOperator(db, actor, 'enquete_results_viewed', operator.id, associationId, { enqueteId: row.id }, now);
  return {
    enquete: (await summaries(db, [row], now))[0]!,
    questions: questions.map((question) => {
      const scale =
        question.kind === 'scale'
          ? Array.from({ length: question.scaleMax! - question.scaleMin! + 1 }, (_, offset) => {
              const value = question.scaleMin! + offset;
              const found = scaleCounts.find((entry) => entry.questionId === question.id && entry.scale === value);
              return { value, count: found?.value ?? 0 };
            })
          : [];
      const total = scale.reduce((sum, entry) => sum + entry.count, 0);
      return {
        id: question.id,
        kind: question.kind,
        text: question.text,
        required: question.required,
        answered: answeredCounts.filter((entry) => entry.questionId === question.id).length,
        choices: choices
          .filter((choice) => choice.questionId === question.id)
          .map((choice) => ({ id: choice.id, label: choice.label, count: byChoice.get(choice.id) ?? 0 })),
        scale,
        mean: total > 0 ? Math.round((scale.reduce((sum, entry) => sum + entry.value * entry.count, 0) / total) * 100) / 100 : null,
        texts: texts
          .filter((entry) => entry.questionId === question.id)
          .slice(0, 500)
          .map((entry) => ({ text: entry.text!, answeredAt: entry.answeredAt.toISOString() })),
      };
    }),
  };
}
