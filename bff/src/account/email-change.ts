import { changeEmail } from './users';
import { ErrorCodes, pagePaths, type CallOutput, type ParsedInput } from '@sukoyaka/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { CallContext, Member } from '../platform/handlers';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { HttpError, notFound } from '../platform/errors';
import { emailChangeMail, emailChangeToRegisteredAddressMail, emailChangedNoticeMail, link } from './account-mails';
import { audit } from '../platform/audit';
import {
  findUsableToken,
  invalidToken,
  issueToken,
  latestUsableToken,
  markTokenUsed,
  secondsUntilNextMail,
  supersedeTokens,
  tooManyMails,
  type TokenRow,
} from './one-time-tokens';
import { isUniqueViolation } from '../platform/unique-codes';
import { enqueueMail } from '../platform/outbox';

export const CONFIRM_PATH = pagePaths.emailChangeConfirm;

export const INVALID_CHANGE_LINK =
  'このメールアドレス変更用のリンクは無効です。有効期限（24時間）が切れているか、すでに使われているか、新しい確認メールが送られています。設定画面から確認メールを再送信してください。';
export const ADDRESS_TAKEN =
  'このメールアドレスはすでに別のアカウントで使われているため、変更できませんでした。別のメールアドレスで、もう一度お申し込みください。';

async function isTakenByAnother(db: Executor, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)));
  return Boolean(row);
}

/**
 * The address the account has and the one waiting for its link to be opened. The pending address
 * is shown as asked for even when it turns out to be taken, so this answer does not tell either.
 */
export async function getUserEmail(member: Member, context: CallContext<'account'>): Promise<CallOutput<'getUserEmail'>> {
  const pending = await latestUsableToken(context.db, member.id, 'email_change', context.now);
  return { email: member.email, pendingEmail: pending?.email ?? null };
}

type Issued = { id: string; token: string; email: string; taken: boolean };

/** Enqueues the link, or to a taken address the notice that it is registered (and no link). */
async function mailChange(tx: Executor, context: CallContext<'member'>, issued: Issued): Promise<void> {
  const { config, now } = context;
  const mail = issued.taken
    ? emailChangeToRegisteredAddressMail(issued.email, config.publicUrl)
    : emailChangeMail(issued.email, link(config.publicUrl, CONFIRM_PATH, issued.token));
  await enqueueMail(tx, mail, { kind: issued.taken ? 'email_change_registered' : 'email_change', now });
}

/**
 * Starts the change: a link to the new address. When the address belongs to another account
 * the answer is the same and nothing of either account changes; that address is told it is
 * registered instead. The pending link is recorded either way (it is never mailed for a taken
 * address), so what the member sees next does not tell either.
 */
export async function createEmailChange(
  input: ParsedInput<'createUserEmailChange'>,
  context: CallContext<'member'>,
): Promise<CallOutput<'createUserEmailChange'>> {
  const { actor, db, now, member } = context;
  if (input.email === member.email) {
    const message = '新しいメールアドレスが、現在のメールアドレスと同じです';
    throw new HttpError(400, ErrorCodes.invalidParameters, message, { email: [message] });
  }
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, member.id)).for('update');
    const wait = await secondsUntilNextMail(tx, member.id, 'email_change', now);
    if (wait > 0) throw tooManyMails(wait);
    const taken = await isTakenByAnother(tx, input.email, member.id);
    const token = await issueToken(tx, { userId: member.id, purpose: 'email_change', email: input.email, now });
    await audit(tx, actor, 'email_change_requested', member.id, { newEmail: input.email, alreadyRegistered: taken }, now);
    await mailChange(tx, context, { ...token, email: input.email, taken });
  });
  return { status: 'confirmation_sent' };
}

/** The confirmation mail again, with a fresh link, to the pending address; one mail a minute. */
export async function resendEmailChange(context: CallContext<'member'>): Promise<CallOutput<'resendMailUserEmailChange'>> {
  const { db, now, member } = context;
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, member.id)).for('update');
    const pending = await latestUsableToken(tx, member.id, 'email_change', now);
    if (!pending) throw notFound('確認待ちのメールアドレスの変更はありません。あらためて新しいメールアドレスをお申し込みください。');
    const wait = await secondsUntilNextMail(tx, member.id, 'email_change', now);
    if (wait > 0) throw tooManyMails(wait);
    const taken = await isTakenByAnother(tx, pending.email, member.id);
    const token = await issueToken(tx, { userId: member.id, purpose: 'email_change', email: pending.email, now });
    await mailChange(tx, context, { ...token, email: pending.email, taken });
  });
  return { status: 'confirmation_sent' };
}

/**
 * Switches the address with the link from the new address. The old address is told. If the new
 * address was taken in the meantime, nothing changes and the member is told so.
 */
export async function activateEmailChange(
  input: ParsedInput<'activateUserEmailChange'>,
  context: CallContext<'visitor'>,
): Promise<CallOutput<'activateUserEmailChange'>> {
  const { actor, db, config, now } = context;
  let changed: { oldEmail: string; newEmail: string };
  try {
    changed = await db.transaction(async (tx) => {
      const row: TokenRow | null = await findUsableToken(tx, 'email_change', input.token, now);
      if (!row) throw invalidToken(INVALID_CHANGE_LINK);
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).for('update');
      if (!user) throw invalidToken(INVALID_CHANGE_LINK);
      if (await isTakenByAnother(tx, row.email, row.userId)) throw invalidToken(ADDRESS_TAKEN);
      await changeEmail(tx, row.userId, row.email, now);
      await markTokenUsed(tx, row.id, now);
      // Links mailed to the old address (verification, reset) end with it.
      await supersedeTokens(tx, row.userId, ['email_change', 'email_verification', 'password_reset', 'account_unlock'], now);
      await audit(tx, actor, 'email_changed', row.userId, { from: user.email, to: row.email }, now);
      await enqueueMail(tx, emailChangedNoticeMail(user.email, row.email, config.publicUrl), { kind: 'email_changed', now });
      return { oldEmail: user.email, newEmail: row.email };
    });
  } catch (error) {
    // Taken between the check and the update by another sign-up or change: the unique index says so.
    if (isUniqueViolation(error)) throw invalidToken(ADDRESS_TAKEN);
    throw error;
  }
  return { status: 'email_changed', email: changed.newEmail };
}
