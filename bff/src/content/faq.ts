import { foldForSearch, type CallOutput } from '@sukoyaka/contract';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { faqCategories, faqQuestions } from '../db/schema';

/**
 * The visible categories (site-wide, and the member's association's) with their visible
 * questions. The search folds width, kana and case on both sides; the FAQ is small (tens of
 * questions), so it is filtered here rather than with a database text index.
 */
export async function listVisibleFaqCategories(
  db: Executor,
  associationId: string | null,
  q: string | undefined,
): Promise<CallOutput<'listVisibleFaqCategories'>> {
  const categories = await db
    .select()
    .from(faqCategories)
    .where(
      and(
        eq(faqCategories.visible, true),
        associationId
          ? or(isNull(faqCategories.associationId), eq(faqCategories.associationId, associationId))
          : isNull(faqCategories.associationId),
      ),
    )
    .orderBy(asc(faqCategories.position), asc(faqCategories.createdAt), asc(faqCategories.id));
  if (categories.length === 0) return { categories: [] };
  const questions = await db
    .select()
    .from(faqQuestions)
    .where(
      and(
        eq(faqQuestions.visible, true),
        inArray(
          faqQuestions.categoryId,
          categories.map((category) => category.id),
        ),
      ),
    )
    .orderBy(asc(faqQuestions.position), asc(faqQuestions.createdAt), asc(faqQuestions.id));
  const word = q ? foldForSearch(q).trim() : '';
  const matches = (question: (typeof questions)[number]) =>
    word === '' || foldForSearch(question.question).includes(word) || foldForSearch(question.answer).includes(word);
  return {
    categories: categories
      .map((category) => ({
        id: category.id,
        name: category.name,
        questions: questions
          .filter((question) => question.categoryId === category.id && matches(question))
          .map((question) => ({ id: question.id, question: question.question, answer: question.answer })),
      }))
      // A category with no visible (or no matching) question is left out.
      .filter((category) => category.questions.length > 0),
  };
}
