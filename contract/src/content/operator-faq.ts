import { z } from 'zod/mini';
import { defineCall } from '../define';
import { requiredText } from '../fields';
import { operatorAssociationId } from '../operators/shared';
import { contentId } from './shared';

/* The association's FAQ as its staff edit it (mf-admin). Site-wide categories are the service's and not listed here. */

const position = z
  .number()
  .check(
    z.int('表示順は整数で入力してください'),
    z.gte(0, '表示順は0以上で入力してください'),
    z.lte(1000, '表示順は1000以下で入力してください'),
  );

export const operatorFaqCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number(),
  visible: z.boolean(),
  questions: z.array(z.object({ id: z.string(), question: z.string(), answer: z.string(), position: z.number(), visible: z.boolean() })),
});
export type OperatorFaqCategory = z.infer<typeof operatorFaqCategorySchema>;

export const listOperatorFaq = defineCall({
  name: 'listOperatorFaq',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary: "The association's FAQ categories with every question, hidden ones included, in display order.",
  input: () => z.object({ associationId: operatorAssociationId() }),
  output: () => z.object({ categories: z.array(operatorFaqCategorySchema) }),
});

export const saveOperatorFaqCategory = defineCall({
  name: 'saveOperatorFaqCategory',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary: 'Creates (without categoryId) or changes a FAQ category of the association: name, order, shown or hidden. Audited.',
  input: () =>
    z.object({
      associationId: operatorAssociationId(),
      categoryId: z.optional(contentId('カテゴリID')),
      name: requiredText('カテゴリ名', 50),
      position: z._default(position, 0),
      visible: z._default(z.boolean(), true),
    }),
  output: () => z.object({ categories: z.array(operatorFaqCategorySchema) }),
});

export const saveOperatorFaqQuestion = defineCall({
  name: 'saveOperatorFaqQuestion',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary:
    "Creates (without questionId) or changes a question of one of the association's FAQ categories: question, answer (plain text), order, shown or hidden. Audited.",
  input: () =>
    z.object({
      associationId: operatorAssociationId(),
      categoryId: contentId('カテゴリID'),
      questionId: z.optional(contentId('質問ID')),
      question: requiredText('質問', 200),
      answer: requiredText('回答', 5000),
      position: z._default(position, 0),
      visible: z._default(z.boolean(), true),
    }),
  output: () => z.object({ categories: z.array(operatorFaqCategorySchema) }),
});
