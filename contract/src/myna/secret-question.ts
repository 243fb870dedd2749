import { z } from 'zod/mini';
import { documented } from '../documented';
import { defineCall } from '../define';
import { isoTimestamp, nullableTimestamp } from '../fields';
import { MYNA_SECRET_ANSWER_MAX } from '../myna-terms';

/*
 * The secret question (issue 12, "Secret question"): chosen before the first import, answered
 * before any read of My Number data (mynaSecretQuestionExpireAt of the auth state, 15 minutes).
 * The answer is kept like a password (argon2id) after normalising full/half width, case and
 * katakana/hiragana, so 「ポチ」, 「ぽち」 and 「ﾎﾟﾁ」 are the same answer. Five wrong answers in a
 * row lock it for 30 minutes; the reset (after the password step-up) clears question, answer and lock.
 */

export const mynaSecretQuestionSchema = z.object({ id: z.string(), text: z.string() });
export type MynaSecretQuestion = z.infer<typeof mynaSecretQuestionSchema>;

/** The answer as typed; the server normalises it before hashing or comparing. */
export const mynaSecretAnswer = documented(
  z
    .string({ error: '答えを入力してください' })
    .check(
      z.trim(),
      z.minLength(1, '答えを入力してください'),
      z.maxLength(MYNA_SECRET_ANSWER_MAX, `答えは${MYNA_SECRET_ANSWER_MAX}文字以内で入力してください`),
    ),
  { pattern: '[0-9A-Za-z\\u3041-\\u3096\\u30a1-\\u30fa\\u4e00-\\u9fff]', description: 'Holds at least one digit, letter, kana or kanji.' },
);

export const mynaSecretQuestionId = documented(
  z
    .string({ error: '秘密の質問を選択してください' })
    .check(
      z.minLength(1, '秘密の質問を選択してください'),
      z.maxLength(64, '秘密の質問を選択してください'),
      z.regex(/^[a-z0-9_]+$/, '秘密の質問を選択してください'),
    ),
  { 'x-state-dependent': 'The id of one of the questions listMynaSecretQuestions answers.' },
);

/** The member's own question (never the answer) and the state of its lock. */
export const userMynaSecretQuestionSchema = z.object({
  registered: z.boolean(),
  question: z.nullable(mynaSecretQuestionSchema),
  /** Wrong answers still allowed before the lock (5 after a correct answer). */
  remainingAttempts: z.number().check(z.int()),
  /** Locked until this moment (null: not locked). */
  lockedUntil: nullableTimestamp,
  /** The session's fresh answer lasts until this moment (null: none or lapsed). */
  mynaSecretQuestionExpireAt: nullableTimestamp,
});
export type UserMynaSecretQuestion = z.infer<typeof userMynaSecretQuestionSchema>;

const empty = z.object({});

export const listMynaSecretQuestions = defineCall({
  name: 'listMynaSecretQuestions',
  method: 'GET',
  access: 'member',
  summary: 'The fixed list of secret questions a member chooses from.',
  input: () => empty,
  output: () => z.object({ questions: z.array(mynaSecretQuestionSchema) }),
});

export const getUserMynaSecretQuestion = defineCall({
  name: 'getUserMynaSecretQuestion',
  method: 'GET',
  access: 'member',
  summary: 'The member’s registered secret question (never the answer), the attempts left and the lock.',
  input: () => empty,
  output: () => userMynaSecretQuestionSchema,
});

export const createUserMynaSecretQuestion = defineCall({
  name: 'createUserMynaSecretQuestion',
  method: 'POST',
  access: 'member',
  summary:
    'Registers the member’s secret question and answer (argon2id over the normalised answer); the session counts as freshly answered. A registered question is changed only through the reset.',
  input: () => z.object({ questionId: mynaSecretQuestionId, answer: mynaSecretAnswer }),
  output: () => userMynaSecretQuestionSchema,
});

export const authenticateUserMynaSecretQuestion = defineCall({
  name: 'authenticateUserMynaSecretQuestion',
  method: 'POST',
  access: 'member',
  summary:
    'Checks the answer to the member’s secret question (/myna_connection/verify); sets mynaSecretQuestionExpireAt (15 minutes). Five wrong answers in a row lock it for 30 minutes (423).',
  input: () => z.object({ answer: mynaSecretAnswer }),
  output: () => z.object({ mynaSecretQuestionExpireAt: isoTimestamp }),
});

export const resetUserMynaSecretQuestion = defineCall({
  name: 'resetUserMynaSecretQuestion',
  method: 'POST',
  access: 'member',
  stepUp: 'password',
  summary:
    'Clears the member’s secret question, answer and lock after the password step-up (/myna_connection/secret_question/reset/guidance, /change_secret_question); a new one is then registered.',
  input: () => empty,
  output: () => userMynaSecretQuestionSchema,
});

export const mynaSecretQuestionCalls = {
  listMynaSecretQuestions,
  getUserMynaSecretQuestion,
  createUserMynaSecretQuestion,
  authenticateUserMynaSecretQuestion,
  resetUserMynaSecretQuestion,
} as const;
