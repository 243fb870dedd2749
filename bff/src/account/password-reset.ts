import { setResetPassword } from './users';
import { ErrorCodes, pagePaths, passwordEmailProblem, type CallOutput, type ParsedInput } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { CallContext } from '../platform/handlers';
import { users } from '../db/schema';
import { deleteSessionsOfUser } from '../platform/sessions';
import { HttpError } from '../platform/errors';
import { hashPassword } from '../lib/password';
import { link, passwordChangedMail, passwordResetMail } from './account-mails';
import { audit } from '../platform/audit';
import { findUsableToken, invalidToken, issueToken, markTokenUsed, secondsUntilNextMail, supersedeTokens } from './one-time-tokens';
import { enqueueMail } from '../platform/outbox';
import { clearDeviceLocks } from './known-devices';
import { clearAddressLock } from './lockout';

export const RESET_PATH = pagePaths.passwordResetChange;

export const INVALID_RESET_LINK =
  'このパスワード再設定用のリンクは無効です。有効期限（30分）が切れているか、すでに使われています。お手数ですが、もう一度パスワードの再設定をお申し込みください。';

/**
 * Mails a reset link when the address is registered. The answer is the same either way, and a
 * second request within a minute sends nothing (so the form cannot flood a mailbox) but is
 * answered the same too.
 */
export async function createPasswordReset(
  input: ParsedInput<'createPasswordReset'>,
  context: CallContext<'visitor'>,
): Promise<CallOutput<'createPasswordReset'>> {
  const { actor, db, config, now } = context;
  // The same work for every address; the mail is enqueued, so no path waits for SMTP.
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, input.email)).for('update');
    if (!user) {
      await audit(tx, actor, 'password_reset_requested', null, { registered: false }, now);
      return;
    }
    if ((await secondsUntilNextMail(tx, user.id, 'password_reset', now)) > 0) {
      await audit(tx, actor, 'password_reset_requested', user.id, { mailed: false, reason: 'throttled' }, now);
      return;
    }
    const { token } = await issueToken(tx, { userId: user.id, purpose: 'password_reset', email: user.email, now });
    await audit(tx, actor, 'password_reset_requested', user.id, { mailed: true }, now);
    await enqueueMail(tx, passwordResetMail(user.email, link(config.publicUrl, RESET_PATH, token)), { kind: 'password_reset', now });
  });
  return { status: 'accepted' };
}

/**
 * Sets the new password with a reset link. Every session of the account ends (a thief signed in
 * elsewhere is signed out too) and nobody is signed in: the member signs in with the new password.
 * The link proves the member reads the account's mail, so it also lifts a lock (failed sign-ins)
 * and marks an unverified address verified.
 */
export async function updatePasswordByResetToken(
  input: ParsedInput<'updatePasswordByResetToken'>,
  context: CallContext<'visitor'>,
): Promise<CallOutput<'updatePasswordByResetToken'>> {
  const { request, actor, reply, db, config, now } = context;
  const changed = await db.transaction(async (tx) => {
    const row = await findUsableToken(tx, 'password_reset', input.token, now);
    if (!row) throw invalidToken(INVALID_RESET_LINK);
    const [user] = await tx
      .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, row.userId));
    // A link sent to an address the account no longer has is no proof of owning the account.
    if (!user || user.email !== row.email) throw invalidToken(INVALID_RESET_LINK);
    // The one rule the form cannot check without the address: the link stays usable for a retry.
    const problem = passwordEmailProblem(input.password, user.email, '新しいパスワード');
    if (problem) throw new HttpError(400, ErrorCodes.invalidParameters, problem, { password: [problem] });

    await markTokenUsed(tx, row.id, now);
    await supersedeTokens(tx, user.id, ['password_reset'], now);
    await setResetPassword(tx, user.id, {
      passwordHash: await hashPassword(input.password),
      now,
      emailVerifiedAt: user.emailVerifiedAt ?? now,
    });
    // The link proves the mailbox: the sign-in locks end too (the address's and each browser's).
    await clearAddressLock(tx, user.email);
    await clearDeviceLocks(tx, user.id, now);
    const sessionsEnded = await deleteSessionsOfUser(tx, user.id);
    await audit(tx, actor, 'password_reset', user.id, { sessionsEnded }, now);
    await enqueueMail(tx, passwordChangedMail(user.email, config.publicUrl), { kind: 'password_changed', now });
    return { userId: user.id, email: user.email };
  });
  // The browser that reset the password may itself have been signed in to the account: its
  // session is gone, so its cookie goes too.
  if (request.session && (request.session.row.userId === changed.userId || request.session.row.pendingMfaUserId === changed.userId)) {
    await request.server.sessions.end(request, reply);
  }
  return { status: 'password_updated' };
}
