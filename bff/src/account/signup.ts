import { insertUser, markEmailVerified } from './users';
import { ownEmailAddress, pagePaths, type CallOutput, type ParsedInput } from '@sukoyaka/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { CallContext, Member } from '../platform/handlers';
import type { Executor } from '../db/client';
import { auditLogs, users } from '../db/schema';
import { hashPassword } from '../lib/password';
import { alreadyRegisteredSignUpMail, emailVerificationMail, link } from './account-mails';
import { audit } from '../platform/audit';
import {
  MAIL_INTERVAL_MS,
  findUsableToken,
  invalidToken,
  issueToken,
  markTokenUsed,
  secondsUntilNextMail,
  tooManyMails,
} from './one-time-tokens';
import { isUniqueViolation } from '../platform/unique-codes';
import { enqueueMail } from '../platform/outbox';

export const VERIFICATION_PATH = pagePaths.signupVerification;

export const INVALID_VERIFICATION_LINK =
  'この確認リンクは無効です。有効期限（24時間）が切れているか、すでに使われています。ログインして、確認メールを再送信してください。';

/** The nickname a new account starts with (the member can change it in /profile). */
export function defaultNickname(email: string): string {
  return email.slice(0, email.lastIndexOf('@')).slice(0, 20);
}

/** Format and domain only; never whether the address is registered. */
export function validateEmail(input: ParsedInput<'validateEmail'>): CallOutput<'validateEmail'> {
  // The same checks as signUp's, so what this call accepts sign-up accepts too.
  const parsed = ownEmailAddress().safeParse(input.email);
  if (parsed.success) return { valid: true };
  return { valid: false, message: parsed.error.issues[0]?.message ?? 'メールアドレスの形式が正しくありません' };
}

/**
 * A notice to a registered address that someone tried to sign up with it goes out at most once a
 * minute, counted from the audit log (no other table records these attempts).
 */
async function noticeSentRecently(db: Executor, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.userId, userId),
        eq(auditLogs.event, 'sign_up'),
        sql`${auditLogs.detail}->>'notified' = 'true'`,
        gt(auditLogs.createdAt, new Date(now.getTime() - MAIL_INTERVAL_MS)),
      ),
    );
  return (row?.count ?? 0) > 0;
}

/**
 * Creates the account and mails the verification link; nobody is signed in (the member signs in
 * after opening the link). For a registered address the answer is the same, nothing changes, and
 * the address's owner is told by mail instead. Both ways do the same hashing and one short
 * transaction that enqueues a mail, and neither waits for SMTP, so neither the answer, the
 * cookies nor the time taken tells whether the address is registered.
 */
export async function signUp(input: ParsedInput<'signUp'>, context: CallContext<'visitor'>): Promise<CallOutput<'signUp'>> {
  const { actor, db, config, now } = context;
  const passwordHash = await hashPassword(input.password);
  try {
    await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, input.email));
      if (existing) {
        const quiet = await noticeSentRecently(tx, existing.id, now);
        await audit(tx, actor, 'sign_up', existing.id, { outcome: 'already_registered', notified: !quiet }, now);
        if (!quiet)
          await enqueueMail(tx, alreadyRegisteredSignUpMail(existing.email, config.publicUrl), { kind: 'sign_up_registered', now });
        return;
      }
      const user = await insertUser(tx, { email: input.email, passwordHash, nickname: defaultNickname(input.email), now });
      const { token } = await issueToken(tx, { userId: user!.id, purpose: 'email_verification', email: input.email, now });
      await audit(tx, actor, 'sign_up', user!.id, { outcome: 'created', agreedToTerms: true }, now);
      await enqueueMail(tx, emailVerificationMail(input.email, link(config.publicUrl, VERIFICATION_PATH, token)), {
        kind: 'email_verification',
        now,
      });
    });
  } catch (error) {
    // Two sign-ups with the same new address at once: the second meets the unique index. It is
    // answered like any registered address; the first one's owner gets the verification mail.
    if (!isUniqueViolation(error)) throw error;
  }
  return { status: 'verification_sent' };
}

/** A fresh verification link to the account's address; one mail a minute. */
export async function sendVerificationMail(member: Member, context: CallContext<'account'>) {
  const { db, config, now } = context;
  if (member.emailVerified) return { status: 'already_verified' as const };
  await db.transaction(async (tx) => {
    // The account's row is locked so two resends at once cannot both pass the one-a-minute check.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, member.id)).for('update');
    const wait = await secondsUntilNextMail(tx, member.id, 'email_verification', now);
    if (wait > 0) throw tooManyMails(wait);
    const { token } = await issueToken(tx, { userId: member.id, purpose: 'email_verification', email: member.email, now });
    await enqueueMail(tx, emailVerificationMail(member.email, link(config.publicUrl, VERIFICATION_PATH, token)), {
      kind: 'email_verification',
      now,
    });
  });
  return { status: 'verification_sent' as const };
}

/** Marks the address verified. The link works once, for 24 hours, for the address it was sent to. */
export async function activateEmailVerification(input: ParsedInput<'activateUserEmailVerification'>, context: CallContext<'visitor'>) {
  const { actor, db, now } = context;
  await db.transaction(async (tx) => {
    const row = await findUsableToken(tx, 'email_verification', input.token, now);
    if (!row) throw invalidToken(INVALID_VERIFICATION_LINK);
    const [user] = await tx
      .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, row.userId));
    // A link sent to an address the account no longer has proves nothing about the current one.
    if (!user || user.email !== row.email) throw invalidToken(INVALID_VERIFICATION_LINK);
    await markTokenUsed(tx, row.id, now);
    if (!user.emailVerifiedAt) await markEmailVerified(tx, row.userId, now);
    await audit(tx, actor, 'email_verified', row.userId, {}, now);
  });
  return { status: 'verified' as const };
}
