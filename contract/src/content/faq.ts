import { z } from 'zod/mini';
import { defineCall } from '../define';

/* FAQ: the visible categories of the member's association (and site-wide ones) with their questions. */

export const faqCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  questions: z.array(z.object({ id: z.string(), question: z.string(), answer: z.string() })),
});
export type FaqCategory = z.infer<typeof faqCategorySchema>;

export const listVisibleFaqCategories = defineCall({
  name: 'listVisibleFaqCategories',
  method: 'GET',
  access: 'visitor',
  summary:
    "The visible FAQ categories with their questions and answers, in their order: site-wide ones, and the signed-in member's association's. `q` keeps only questions whose question or answer contains the word, regardless of full/half width, katakana/hiragana and case; categories left empty are dropped.",
  input: () => z.object({ q: z.optional(z.string().check(z.trim(), z.maxLength(100, '検索語は100文字以内で入力してください'))) }),
  output: () => z.object({ categories: z.array(faqCategorySchema) }),
});
