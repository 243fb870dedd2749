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
  isUniqueViolation,
  issueToken,
  markTokenUsed,
  secondsUntilNextMail,
  sendOrFail,
  tooManyMails,
  withdrawToken,
} from './one-time-tokens';

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

type Outcome =
  { kind: 'created'; userId: string; tokenId: string; token: string } | { kind: 'registered'; email: string } | { kind: 'quiet' };

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
 * Creates the account, signs it in and mails the verification link. For a registered address the
 * answer is the same, nothing changes, and the address's owner is told by mail instead.
 */
export async function signUp(input: ParsedInput<'signUp'>, context: CallContext<'visitor'>): Promise<CallOutput<'signUp'>> {
  const { request, reply, db, config, services, now } = context;
  // The same argon2id work either way, so the time taken does not tell a registered address.
  const passwordHash = await hashPassword(input.password);
  let outcome: Outcome;
  try {
    outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const [existing] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, input.email));
      if (existing) {
        const quiet = await noticeSentRecently(tx, existing.id, now);
        await audit(tx, request, 'sign_up', existing.id, { outcome: 'already_registered', notified: !quiet }, now);
        return quiet ? { kind: 'quiet' } : { kind: 'registered', email: existing.email };
      }
      const user = await insertUser(tx, { email: input.email, passwordHash, nickname: defaultNickname(input.email), now });
      const { id: tokenId, token } = await issueToken(tx, { userId: user!.id, purpose: 'email_verification', email: input.email, now });
      await audit(tx, request, 'sign_up', user!.id, { outcome: 'created', agreedToTerms: true }, now);
      return { kind: 'created', userId: user!.id, tokenId, token };
    });
  } catch (error) {
    // Two sign-ups with the same new address at once: the second meets the unique index. It is
    // answered like any registered address; the first one's owner gets the verification mail.
    if (!isUniqueViolation(error)) throw error;
    outcome = { kind: 'quiet' };
  }

  if (outcome.kind === 'created') {
    const created = outcome;
    // Signed in before the mail goes, so a member whose mail failed can resend it (/email_not_verified).
    await request.server.sessions.startMember(request, reply, created.userId);
    await sendOrFail(
      request,
      services.mailer,
      emailVerificationMail(input.email, link(config.publicUrl, VERIFICATION_PATH, created.token)),
      () => withdrawToken(db, created.tokenId),
    );
  } else if (outcome.kind === 'registered') {
    await sendOrFail(request, services.mailer, alreadyRegisteredSignUpMail(outcome.email, config.publicUrl));
  }
  return { status: 'verification_sent' };
}

/** A fresh verification link to the account's address; one mail a minute. */
export async function sendVerificationMail(member: Member, context: CallContext<'account'>) {
  const { request, db, config, services, now } = context;
  if (member.emailVerified) return { status: 'already_verified' as const };
  const issued = await db.transaction(async (tx) => {
    // The account's row is locked so two resends at once cannot both pass the one-a-minute check.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, member.id)).for('update');
    const wait = await secondsUntilNextMail(tx, member.id, 'email_verification', now);
    if (wait > 0) throw tooManyMails(wait);
    return issueToken(tx, { userId: member.id, purpose: 'email_verification', email: member.email, now });
  });
  await sendOrFail(
    request,
    services.mailer,
    emailVerificationMail(member.email, link(config.publicUrl, VERIFICATION_PATH, issued.token)),
    () => withdrawToken(db, issued.id),
  );
  return { status: 'verification_sent' as const };
}

/** Marks the address verified. The link works once, for 24 hours, for the address it was sent to. */
export async function activateEmailVerification(input: ParsedInput<'activateUserEmailVerification'>, context: CallContext<'visitor'>) {
  const { request, db, now } = context;
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
    await audit(tx, request, 'email_verified', row.userId, {}, now);
  });
  return { status: 'verified' as const };
}
