import type { CallOutput, ParsedInput } from '@sukoyaka/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { faqCategories, faqQuestions } from '../db/schema';
import { notFound } from '../platform/errors';
import { auditOperator } from '../platform/operators';
import type { OperatorContext } from './operator-context';

export async function listOperatorFaq(db: Executor, associationId: string): Promise<CallOutput<'listOperatorFaq'>> {
  const categories = await db
    .select()
    .from(faqCategories)
    .where(eq(faqCategories.associationId, associationId.toLowerCase()))
    .orderBy(asc(faqCategories.position), asc(faqCategories.createdAt), asc(faqCategories.id));
  const questions = categories.length
    ? await db
        .select()
        .from(faqQuestions)
        .where(
          inArray(
            faqQuestions.categoryId,
            categories.map((category) => category.id),
          ),
        )
        .orderBy(asc(faqQuestions.position), asc(faqQuestions.createdAt), asc(faqQuestions.id))
    : [];
  return {
    categories: categories.map((category) => ({
      id: category.id,
      name: category.name,
      position: category.position,
      visible: category.visible,
      questions: questions
        .filter((question) => question.categoryId === category.id)
        .map((question) => ({
          id: question.id,
          question: question.question,
          answer: question.answer,
          position: question.position,
          visible: question.visible,
        })),
    })),
  };
}

async function ownCategory(db: Executor, associationId: string, categoryId: string) {
  const [row] = await db
    .select()
    .from(faqCategories)
    .where(and(eq(faqCategories.id, categoryId.toLowerCase()), eq(faqCategories.associationId, associationId)));
  if (!row) throw notFound('カテゴリが見つかりませんでした。');
  return row;
}

export async function saveOperatorFaqCategory(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'saveOperatorFaqCategory'>,
): Promise<CallOutput<'saveOperatorFaqCategory'>> {
  const associationId = input.associationId.toLowerCase();
  return db.transaction(async (tx) => {
    const values = { name: input.name, position: input.position, visible: input.visible };
    let categoryId: string;
    if (input.categoryId) {
      categoryId = (await ownCategory(tx, associationId, input.categoryId)).id;
      await tx.update(faqCategories).set(values).where(eq(faqCategories.id, categoryId));
    } else {
      const [row] = await tx
        .insert(faqCategories)
        .values({ associationId, ...values, createdAt: now })
        .returning({ id: faqCategories.id });
      categoryId = row!.id;
    }
    await auditOperator(
      tx,
      actor,
      input.categoryId ? 'faq_category_updated' : 'faq_category_created',
      operator.id,
      associationId,
      { categoryId },
      now,
    );
    return listOperatorFaq(tx, associationId);
  });
}

export async function saveOperatorFaqQuestion(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'saveOperatorFaqQuestion'>,
): Promise<CallOutput<'saveOperatorFaqQuestion'>> {
  const associationId = input.associationId.toLowerCase();
  return db.transaction(async (tx) => {
    const category = await ownCategory(tx, associationId, input.categoryId);
    const values = {
      categoryId: category.id,
      question: input.question,
      answer: input.answer,
      position: input.position,
      visible: input.visible,
    };
    let questionId: string;
    if (input.questionId) {
      // The question must be one of this association's, whichever of its categories it moves to.
      const [existing] = await tx
        .select({ id: faqQuestions.id })
        .from(faqQuestions)
        .innerJoin(faqCategories, eq(faqCategories.id, faqQuestions.categoryId))
        .where(and(eq(faqQuestions.id, input.questionId.toLowerCase()), eq(faqCategories.associationId, associationId)));
      if (!existing) throw notFound('質問が見つかりませんでした。');
      questionId = existing.id;
      await tx.update(faqQuestions).set(values).where(eq(faqQuestions.id, questionId));
    } else {
      const [row] = await tx
        .insert(faqQuestions)
        .values({ ...values, createdAt: now })
        .returning({ id: faqQuestions.id });
      questionId = row!.id;
    }
    await auditOperator(
      tx,
      actor,
      input.questionId ? 'faq_question_updated' : 'faq_question_created',
      operator.id,
      associationId,
      { questionId },
      now,
    );
    return listOperatorFaq(tx, associationId);
  });
}
