import { z } from 'zod/mini';
import { defineCall } from '../define';
import { isoTimestamp } from '../fields';
import { contentId } from './shared';

/* Enquetes (/enquetes): answered once; an answer records the activity `enquete_answered`. */

export const enqueteQuestionKinds = ['single', 'multiple', 'scale', 'text'] as const;
export type EnqueteQuestionKind = (typeof enqueteQuestionKinds)[number];
export const ENQUETE_TEXT_MAX = 1000;

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

/** An answer counts as given when it carries a choice, a scale value or non-blank text. */
export function isAnswerGiven(answer: EnqueteAnswer | undefined): boolean {
  if (!answer) return false;
  return (answer.choiceIds?.length ?? 0) > 0 || answer.scale !== undefined || (answer.text ?? '').trim().length > 0;
}

/**
 * The required questions left unanswered, by id: the page checks it before sending and the
 * server again against the stored questions.
 */
export function missingRequiredAnswers(questions: Array<{ id: string; required: boolean }>, answers: EnqueteAnswer[]): string[] {
  const byId = new Map(answers.map((answer) => [answer.questionId.toLowerCase(), answer]));
  return questions.filter((question) => question.required && !isAnswerGiven(byId.get(question.id))).map((question) => question.id);
}

export const ENQUETE_REQUIRED_MESSAGE = '必須の設問に回答してください';

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

export const EnqueteErrorCodes = {
  /** 409: the member has answered this enquete already. */
  alreadyAnswered: 'enquete_already_answered',
  /** 409: the enquete closed before the answer arrived. */
  closed: 'enquete_closed',
} as const;
