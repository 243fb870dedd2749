import { ErrorCodes, maskPhoneNumber, type CallOutput, type ParsedInput } from '@sukoyaka/contract';
import type { CallContext } from '../platform/handlers';
import { setPendingMfaUser } from '../platform/sessions';
import { HttpError } from '../platform/errors';
import { audit } from '../platform/audit';
import { accountConditionError, accountLocked } from '../platform/conditions';
import type { Executor } from '../db/client';
import { rememberDevice } from './known-devices';
import { clearAddressFailures, lockWarning, recordFailedAuthentication, resetFailedAuthentications } from './lockout';
import { findMemberById } from '../platform/members';
import { authenticateByPassword } from './members';
import { checkSmsCode, codeExpired, codeWrong, enqueueSmsCode, issueSmsCode } from './sms-codes';

/**
 * signIn: the password step. Without SMS two-factor it starts the member's session (a new id).
 * With it, no member session starts: the visitor session remembers who is signing in
 * (sessions.pendingMfaUserId), a code goes to the registered phone, and verifySignInCode finishes.
 * The password alone does not end a run of failures when a code is still to come, so guessing
 * the code cannot be stretched by signing in again in between.
 */
export async function signIn(input: ParsedInput<'signIn'>, context: CallContext<'visitor'>): Promise<CallOutput<'signIn'>> {
  const { request, actor, reply, db, config, now } = context;
  const { member, mfaPhoneNumber } = await authenticateByPassword(db, actor, input.email, input.password, now, config.publicUrl);

  if (!mfaPhoneNumber) {
    await db.transaction(async (tx) => {
      await completeSignIn(tx, context, member.id, member.email);
      await audit(tx, actor, 'sign_in', member.id, { method: 'password' }, now);
    });
    await request.server.sessions.startMember(request, reply, member.id);
    return { userId: member.id, mfaRequired: false };
  }

  // The POST carried an authenticity token, so the browser has a session to remember this on.
  const session = await request.server.sessions.ensure(request, reply);
  await db.transaction(async (tx) => {
    const { code, expiresAt } = await issueSmsCode(tx, { userId: member.id, purpose: 'sign_in', phoneNumber: mfaPhoneNumber, now });
    await enqueueSmsCode(tx, config, { to: mfaPhoneNumber, purpose: 'sign_in', code, expiresAt, now });
    await setPendingMfaUser(tx, session.row.id, member.id);
    await audit(tx, actor, 'sign_in_mfa_required', member.id, { sentTo: maskPhoneNumber(mfaPhoneNumber) }, now);
  });
  return { userId: null, mfaRequired: true };
}

/**
 * A complete sign-in (the password, and the code when two-factor is on): the runs of failures
 * end, and this browser becomes (or stays) known to the account (its device cookie).
 */
async function completeSignIn(tx: Executor, context: CallContext<'visitor'>, userId: string, email: string): Promise<void> {
  await resetFailedAuthentications(tx, userId);
  await clearAddressFailures(tx, email, context.now);
  const cookie = await rememberDevice(tx, context, userId);
  context.reply.setCookie(cookie.name, cookie.value, cookie.options);
}

const noPendingSignIn = () =>
  new HttpError(
    401,
    ErrorCodes.unauthenticated,
    'ログインの手続きが見つかりません。もう一度メールアドレスとパスワードを入力してください。',
  );

/**
 * verifySignInCode: the code sent by signIn completes the sign-in of the member this session
 * is signing in as. A wrong code counts toward the account lock like a wrong password; the
 * code itself allows five tries and lives five minutes.
 */
export async function verifySignInCode(
  input: ParsedInput<'verifySignInCode'>,
  context: CallContext<'visitor'>,
): Promise<CallOutput<'verifySignInCode'>> {
  const { request, actor, reply, db, now } = context;
  const userId = request.session?.row.pendingMfaUserId;
  if (!userId) throw noPendingSignIn();
  const found = await findMemberById(db, userId);
  if (!found) throw noPendingSignIn();
  // Locked (by this very flow, say), suspended…: the same answer signIn would give.
  const condition = accountConditionError(found.standing, now);
  if (condition) throw condition;

  const outcome = await db.transaction(async (tx) => {
    const check = await checkSmsCode(tx, { userId, purpose: 'sign_in', code: input.code, now });
    if (check.status === 'wrong') {
      const failure = await recordFailedAuthentication(tx, actor, userId, now, 'sms_code');
      await audit(tx, actor, 'sign_in_failed', userId, { reason: 'wrong_sms_code', locked: failure.locked }, now);
      return { ...check, ...failure };
    }
    if (check.status === 'ok') {
      await completeSignIn(tx, context, userId, found.member.email);
      await audit(tx, actor, 'sign_in', userId, { method: 'password+sms' }, now);
    }
    return check;
  });
  if (outcome.status === 'expired') throw codeExpired();
  if (outcome.status === 'wrong') throw outcome.locked ? accountLocked() : codeWrong(outcome.triesLeft, lockWarning(outcome.remaining));
  // A new session id for the member; the visitor session with its pending sign-in is deleted.
  await request.server.sessions.startMember(request, reply, userId);
  return { userId };
}
