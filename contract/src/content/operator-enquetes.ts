import { z } from 'zod/mini';
import { documented, requires } from '../documented';
import { defineCall } from '../define';
import { requiredText } from '../fields';
import { operatorAssociationId } from '../operators/shared';
import { enqueteQuestionKinds } from './enquetes';
import { contentId } from './shared';

/* Enquetes as the association's staff make them, and their results (only operators see results). */

export const enqueteStates = ['draft', 'open', 'closed'] as const;
export type EnqueteState = (typeof enqueteStates)[number];

export const operatorEnqueteSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  state: z.enum(enqueteStates),
  publishedAt: z.nullable(z.string()),
  closesAt: z.nullable(z.string()),
  questionCount: z.number(),
  responseCount: z.number(),
  createdAt: z.string(),
});
export type OperatorEnquete = z.infer<typeof operatorEnqueteSchema>;

export const listOperatorEnquetes = defineCall({
  name: 'listOperatorEnquetes',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary: "The association's enquetes in every state (draft, open, closed), newest first, with how many members answered.",
  input: () => z.object({ associationId: operatorAssociationId() }),
  output: () => z.object({ items: z.array(operatorEnqueteSchema) }),
});

const questionInput = documented(
  z
    .object({
      kind: z.enum(enqueteQuestionKinds, { error: '設問の種類を選択してください' }),
      text: requiredText('設問', 200),
      required: z._default(z.boolean(), false),
      choices: z._default(z.array(requiredText('選択肢', 100)).check(z.maxLength(20, '選択肢は20個までです')), []),
      scaleMin: z.optional(z.number().check(z.int(), z.gte(0), z.lte(10))),
      scaleMax: z.optional(z.number().check(z.int(), z.gte(1), z.lte(10))),
      scaleMinLabel: z.optional(z.string().check(z.trim(), z.maxLength(20))),
      scaleMaxLabel: z.optional(z.string().check(z.trim(), z.maxLength(20))),
    })
    .check(
      z.superRefine((question, ctx) => {
        if ((question.kind === 'single' || question.kind === 'multiple') && question.choices.length < 2) {
          ctx.addIssue({ code: 'custom', path: ['choices'], message: '選択肢を2つ以上入力してください' });
        }
        if (question.kind === 'scale' && (question.scaleMin ?? 1) >= (question.scaleMax ?? 5)) {
          ctx.addIssue({ code: 'custom', path: ['scaleMax'], message: '評価の最大値は最小値より大きくしてください' });
        }
      }),
    ),
  {
    allOf: [
      {
        if: { properties: { kind: { enum: ['single', 'multiple'] } }, required: ['kind'] },
        then: { properties: { choices: { minItems: 2 } }, required: ['choices'] },
      },
      // Without them the scale runs from 1 to 5; the document asks for both.
      { if: { properties: { kind: { const: 'scale' } }, required: ['kind'] }, then: requires('scaleMin', 'scaleMax') },
    ],
    'x-field-comparisons': [{ left: 'scaleMin', operator: '<', right: 'scaleMax' }],
    description: 'A single or multiple choice question has 2–20 choices; a scale runs from scaleMin (0–10) up to a larger scaleMax (1–10).',
  },
);

export const createOperatorEnquete = defineCall({
  name: 'createOperatorEnquete',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  createsResource: true,
  // 50 questions of up to 20 choices, in Japanese (3 bytes a character): about 360 KB at most.
  maxBodyBytes: 512 * 1024,
  summary:
    'Creates a draft enquete of the association with its questions (single or multiple choice with 2–20 choices, a scale, free text; each required or not) and an optional closing time. Audited.',
  input: () =>
    z.object({
      associationId: operatorAssociationId(),
      title: requiredText('タイトル', 100),
      description: z._default(z.string().check(z.trim(), z.maxLength(2000, '説明は2000文字以内で入力してください')), ''),
      closesAt: z.optional(z.nullable(z.iso.datetime({ offset: true, error: '回答期限の形式が正しくありません' }))),
      questions: z.array(questionInput).check(z.minLength(1, '設問を1つ以上入力してください'), z.maxLength(50, '設問は50個までです')),
    }),
  output: () => operatorEnqueteSchema,
});

export const publishOperatorEnquete = defineCall({
  name: 'publishOperatorEnquete',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary: 'Opens a draft enquete of the association to its members; opening it again changes nothing. Audited.',
  input: () => z.object({ associationId: operatorAssociationId(), enqueteId: contentId('アンケートID') }),
  output: () => operatorEnqueteSchema,
});

export const closeOperatorEnquete = defineCall({
  name: 'closeOperatorEnquete',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary:
    'Closes an enquete of the association now: answers are refused from now on (results stay). Closing again changes nothing. Audited.',
  input: () => z.object({ associationId: operatorAssociationId(), enqueteId: contentId('アンケートID') }),
  output: () => operatorEnqueteSchema,
});

export const enqueteResultSchema = z.object({
  enquete: operatorEnqueteSchema,
  questions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(enqueteQuestionKinds),
      text: z.string(),
      required: z.boolean(),
      /** How many members answered this question. */
      answered: z.number(),
      /** Choice questions: each choice with how many chose it. */
      choices: z.array(z.object({ id: z.string(), label: z.string(), count: z.number() })),
      /** Scale questions: each value with its count, and the mean (null without answers). */
      scale: z.array(z.object({ value: z.number(), count: z.number() })),
      mean: z.nullable(z.number()),
      /** Free text: the answers, newest first (at most 500). */
      texts: z.array(z.object({ text: z.string(), answeredAt: z.string() })),
    }),
  ),
});
export type EnqueteResult = z.infer<typeof enqueteResultSchema>;

export const getOperatorEnqueteResults = defineCall({
  name: 'getOperatorEnqueteResults',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary:
    "An enquete's results: responses, counts per choice and scale value, the mean, and the free-text answers (never who answered). Audited as a read.",
  input: () => z.object({ associationId: operatorAssociationId(), enqueteId: contentId('アンケートID') }),
  output: () => enqueteResultSchema,
});
