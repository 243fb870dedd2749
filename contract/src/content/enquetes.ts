import { z } from 'zod/mini';
import { defineCall } from '../define';
import { isoTimestamp } from '../fields';
import { ENQUETE_TEXT_MAX } from '../content-terms';
import { contentId } from './shared';

/* Enquetes (/enquetes): answered once; an answer records the activity `enquete_answered`. */

export const enqueteQuestionKinds = ['single', 'multiple', 'scale', 'text'] as const;
export type EnqueteQuestionKind = (typeof enqueteQuestionKinds)[number];

export const enqueteQuestionSchema = z.object({
  id: z.string(),
  kind: z.enum(enqueteQuestionKinds),
  text: z.string(),
  required: z.boolean(),
  /** For single and multiple choice. */
  choices: z.array(z.object({ id: z.string(), label: z.string() })),
  /** For scale: the lowest and highest value and their labels. */
  scaleMin: z.nullable(z.number()),
  scaleMax: z.nullable(z.number()),
  scaleMinLabel: z.nullable(z.string()),
  scaleMaxLabel: z.nullable(z.string()),
});
export type EnqueteQuestion = z.infer<typeof enqueteQuestionSchema>;

export const enqueteSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  closesAt: z.nullable(z.string()),
  questionCount: z.number(),
  /** When this member answered; null when not yet. */
  answeredAt: z.nullable(z.string()),
});
export type EnqueteSummary = z.infer<typeof enqueteSummarySchema>;

export const enqueteSchema = z.extend(enqueteSummarySchema, { questions: z.array(enqueteQuestionSchema) });
export type Enquete = z.infer<typeof enqueteSchema>;

export const listOpenEnquetes = defineCall({
  name: 'listOpenEnquetes',
  method: 'GET',
  access: 'member',
  summary: "The enquetes of the member's association open now (published, not closed), newest first, with whether the member answered.",
  input: () => z.strictObject({}),
  output: () => z.object({ items: z.array(enqueteSummarySchema) }),
});

export const getEnquete = defineCall({
  name: 'getEnquete',
  method: 'GET',
  access: 'member',
  summary: "One published enquete of the member's association with its questions (404 for another association's or a draft).",
  input: () => z.object({ enqueteId: contentId('アンケートID') }),
  output: () => enqueteSchema,
});

export const enqueteAnswerSchema = z.object({
  questionId: contentId('設問ID'),
  /** Single choice: one id; multiple choice: one or more. */
  choiceIds: z.optional(z.array(contentId('選択肢ID')).check(z.maxLength(50, '選択肢が多すぎます'))),
  scale: z.optional(z.number().check(z.int('評価は整数で選択してください'), z.gte(0), z.lte(10))),
  text: z.optional(z.string().check(z.trim(), z.maxLength(ENQUETE_TEXT_MAX, `回答は${ENQUETE_TEXT_MAX}文字以内で入力してください`))),
});
export type EnqueteAnswer = z.infer<typeof enqueteAnswerSchema>;

export const answerEnquete = defineCall({
  name: 'answerEnquete',
  method: 'POST',
  access: 'member',
  createsResource: true,
  // 100 answers, each with up to 1,000 characters of text and 50 choices: about 510 KB at most.
  maxBodyBytes: 512 * 1024,
  summary:
    "Records the member's answers to an open enquete of their association, once (a second answer 409 enquete_already_answered); every required question must be answered (400 naming `answers`). Records the activity `enquete_answered`, which point menus may reward.",
  input: () =>
    z.object({
      enqueteId: contentId('アンケートID'),
      answers: z.array(enqueteAnswerSchema, { error: '回答を入力してください' }).check(z.maxLength(100, '回答が多すぎます')),
    }),
  output: () => z.object({ enqueteId: z.string(), answeredAt: isoTimestamp }),
});
