// The secret question that guards every read of My Number data (issue 12). The answer is kept
// like a password (argon2id) over its normalised form; five wrong answers in a row lock it for
// 30 minutes; a correct answer lets this session read for 15 minutes (the session's
// mynaSecretQuestionExpiresAt, which the route layer checks for every `stepUp: 'mynaSecretQuestion'` call).
import type { Actor } from '../platform/actor';
import {
  MYNA_MESSAGES,
  MYNA_SECRET_QUESTION_LOCK_MINUTES,
  MYNA_SECRET_QUESTION_MAX_FAILURES,
  MYNA_SECRET_QUESTION_TTL_MINUTES,
  ErrorCodes,
  MynaErrorCodes,
  normaliseSecretAnswer,
  type MynaSecretQuestion,
  type UserMynaSecretQuestion,
} from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { mynaSecretQuestions } from '../db/schema';
import { hashPassword, verifyPassword } from '../lib/password';
import { audit } from '../platform/audit';
import { HttpError } from '../platform/errors';
import { endMynaSecretQuestionAnswers, recordMynaSecretQuestionAnswer, type SessionRow } from '../platform/sessions';

/** The fixed list a member chooses from (ids are stored; the texts may be reworded). */
export const MYNA_SECRET_QUESTIONS: readonly MynaSecretQuestion[] = [
  { id: 'first_pet', text: 'はじめて飼ったペットの名前は？' },
  { id: 'elementary_school', text: '卒業した小学校の名前は？' },
  { id: 'birthplace', text: '生まれた市区町村の名前は？' },
  { id: 'childhood_friend', text: '子どものころの親友の名前は？' },
  { id: 'first_teacher', text: '小学1年生のときの担任の先生の名前は？' },
  { id: 'favorite_food', text: '子どものころ好きだった食べ物は？' },
  { id: 'mothers_maiden_name', text: '母親の旧姓は？' },
];

const questionById = (id: string) => MYNA_SECRET_QUESTIONS.find((question) => question.id === id) ?? null;

// The answer's normal form is the contract's, so the page's check and the hash agree.
export { normaliseSecretAnswer };

type Row = typeof mynaSecretQuestions.$inferSelect;

async function findRow(db: Executor, userId: string, forUpdate = false): Promise<Row | undefined> {
  const query = db.select().from(mynaSecretQuestions).where(eq(mynaSecretQuestions.userId, userId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

const freshUntil = (session: SessionRow | null, now: Date): Date | null => {
  const until = session?.mynaSecretQuestionExpiresAt ?? null;
  return until && until.getTime() > now.getTime() ? until : null;
};

const activeLock = (row: Row | undefined, now: Date): Date | null =>
  row?.lockedUntil && row.lockedUntil.getTime() > now.getTime() ? row.lockedUntil : null;

export function toUserSecretQuestion(row: Row | undefined, session: SessionRow | null, now: Date): UserMynaSecretQuestion {
  const lockedUntil = activeLock(row, now);
  return {
    registered: row !== undefined,
    question: row ? questionById(row.questionId) : null,
    remainingAttempts: row && !lockedUntil ? Math.max(0, MYNA_SECRET_QUESTION_MAX_FAILURES - row.failedAttempts) : 0,
    lockedUntil: lockedUntil?.toISOString() ?? null,
    mynaSecretQuestionExpireAt: row ? (freshUntil(session, now)?.toISOString() ?? null) : null,
  };
}

export async function getUserSecretQuestion(db: Database, userId: string, session: SessionRow, now: Date): Promise<UserMynaSecretQuestion> {
  return toUserSecretQuestion(await findRow(db, userId), session, now);
}

export async function isSecretQuestionRegistered(db: Executor, userId: string): Promise<boolean> {
  return (await findRow(db, userId)) !== undefined;
}

export const secretQuestionRequired = () => new HttpError(409, MynaErrorCodes.secretQuestionRequired, MYNA_MESSAGES.secretQuestionRequired);

const ttlMs = MYNA_SECRET_QUESTION_TTL_MINUTES * 60 * 1000;

/** Registers the question and answer; the session counts as freshly answered. A registered question is changed by the reset only. */
export async function createSecretQuestion(
  db: Database,
  actor: Actor | null,
  caller: { userId: string; session: SessionRow },
  input: { questionId: string; answer: string },
  now: Date,
): Promise<UserMynaSecretQuestion> {
  if (!questionById(input.questionId)) {
    const message = '秘密の質問を一覧から選択してください';
    throw new HttpError(400, ErrorCodes.invalidParameters, message, { questionId: [message] });
  }
  const normalised = normaliseSecretAnswer(input.answer);
  if (normalised === '') {
    const message = '答えを入力してください';
    throw new HttpError(400, ErrorCodes.invalidParameters, message, { answer: [message] });
  }
  const answerHash = await hashPassword(normalised);
  const expiresAt = new Date(now.getTime() + ttlMs);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(mynaSecretQuestions)
      .values({ userId: caller.userId, questionId: input.questionId, answerHash, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw new HttpError(409, MynaErrorCodes.secretQuestionExists, MYNA_MESSAGES.secretQuestionExists);
    await recordMynaSecretQuestionAnswer(tx, caller.session.id, expiresAt);
    await audit(tx, actor, 'myna_secret_question_registered', caller.userId, {}, now);
    return toUserSecretQuestion(inserted[0], { ...caller.session, mynaSecretQuestionExpiresAt: expiresAt }, now);
  });
}

const timeInJapan = (at: Date) => {
  const japan = new Date(at.getTime() + 9 * 60 * 60 * 1000);
  return `${japan.getUTCMonth() + 1}月${japan.getUTCDate()}日 ${String(japan.getUTCHours()).padStart(2, '0')}:${String(japan.getUTCMinutes()).padStart(2, '0')}`;
};

export const secretQuestionLocked = (until: Date) =>
  new HttpError(
    423,
    MynaErrorCodes.secretQuestionLocked,
    `秘密の質問の回答を続けて間違えたため、${timeInJapan(until)}まで回答できません。答えを忘れた場合は、秘密の質問を再設定してください。`,
  );

/**
 * Checks an answer. The row is locked for the check, so answers sent at once count one by one
 * (five wrong answers in parallel cannot all see "four so far").
 */
export async function authenticateSecretQuestion(
  db: Database,
  actor: Actor | null,
  caller: { userId: string; session: SessionRow },
  answer: string,
  now: Date,
): Promise<{ mynaSecretQuestionExpireAt: string }> {
  const normalised = normaliseSecretAnswer(answer);
  const outcome = await db.transaction(async (tx) => {
    const row = await findRow(tx, caller.userId, true);
    if (!row) return { kind: 'none' as const };
    const lockedUntil = activeLock(row, now);
    if (lockedUntil) return { kind: 'locked' as const, until: lockedUntil };
    // A lock that has run out starts a fresh run of attempts.
    const failedBefore = row.lockedUntil ? 0 : row.failedAttempts;
    if (normalised !== '' && (await verifyPassword(row.answerHash, normalised))) {
      const expiresAt = new Date(now.getTime() + ttlMs);
      await tx
        .update(mynaSecretQuestions)
        .set({ failedAttempts: 0, lockedUntil: null })
        .where(eq(mynaSecretQuestions.userId, caller.userId));
      await recordMynaSecretQuestionAnswer(tx, caller.session.id, expiresAt);
      await audit(tx, actor, 'step_up_succeeded', caller.userId, { kind: 'myna_secret_question', expiresAt: expiresAt.toISOString() }, now);
      return { kind: 'ok' as const, expiresAt };
    }
    const failures = failedBefore + 1;
    if (failures >= MYNA_SECRET_QUESTION_MAX_FAILURES) {
      const until = new Date(now.getTime() + MYNA_SECRET_QUESTION_LOCK_MINUTES * 60 * 1000);
      await tx
        .update(mynaSecretQuestions)
        .set({ failedAttempts: failures, lockedUntil: until })
        .where(eq(mynaSecretQuestions.userId, caller.userId));
      await audit(tx, actor, 'myna_secret_question_locked', caller.userId, { until: until.toISOString() }, now);
      return { kind: 'locked' as const, until };
    }
    await tx
      .update(mynaSecretQuestions)
      .set({ failedAttempts: failures, lockedUntil: null })
      .where(eq(mynaSecretQuestions.userId, caller.userId));
    await audit(tx, actor, 'myna_secret_question_failed', caller.userId, { failures }, now);
    return { kind: 'wrong' as const, remaining: MYNA_SECRET_QUESTION_MAX_FAILURES - failures };
  });
  if (outcome.kind === 'none') throw secretQuestionRequired();
  if (outcome.kind === 'locked') throw secretQuestionLocked(outcome.until);
  if (outcome.kind === 'wrong') {
    throw new HttpError(
      400,
      MynaErrorCodes.secretQuestionIncorrect,
      `秘密の質問の答えが正しくありません。あと${outcome.remaining}回間違えると、${MYNA_SECRET_QUESTION_LOCK_MINUTES}分間回答できなくなります。`,
      { answer: ['答えが正しくありません'] },
    );
  }
  return { mynaSecretQuestionExpireAt: outcome.expiresAt.toISOString() };
}

/**
 * The reset (after the password step-up, checked by the route layer): the question, the answer
 * and the lock are cleared, and no session keeps its answer to the old question; the member then
 * registers a new one. Resetting without a question changes nothing.
 */
export async function resetSecretQuestion(
  db: Database,
  actor: Actor | null,
  caller: { userId: string; session: SessionRow },
  now: Date,
): Promise<UserMynaSecretQuestion> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(mynaSecretQuestions).where(eq(mynaSecretQuestions.userId, caller.userId)).returning();
    if (removed.length > 0) {
      await endMynaSecretQuestionAnswers(tx, caller.userId);
      await audit(tx, actor, 'myna_secret_question_reset', caller.userId, {}, now);
    }
    return toUserSecretQuestion(undefined, null, now);
  });
}
