import {
  ErrorCodes,
  OperatorErrorCodes,
  type CallOutput,
  type OperatorProfile,
  type OperatorSessionState,
  type ParsedInput,
} from '@sukoyaka/contract';
import type { Database } from '../db/client';
import { decoyPasswordHash, verifyPassword } from '../lib/password';
import { HttpError } from '../platform/errors';
import type { CallContext } from '../platform/handlers';
import { setPendingTotpSecret, type Operator, type OperatorSession } from '../platform/operator-sessions';
import { auditOperator } from '../platform/operators';
import {
  acceptTotpStep,
  associationNames,
  enableTotp,
  findOperatorByEmail,
  findOperatorById,
  isLocked,
  recordOperatorFailure,
  type OperatorRow,
} from './accounts';
import { matchTotpStep, newTotpSecret, otpauthUri, qrCodeSvg, sealSecret, unsealSecret } from './totp';

// The operators' sign-in (mf-admin /admin/login): password, then a TOTP code; an operator
// without an authenticator can only enrol one. Each step rotates the operator session.

type Context = CallContext<'operatorSignIn'>;

const wrongCredentials = () => new HttpError(401, ErrorCodes.invalidCredentials, 'メールアドレスまたはパスワードが正しくありません。');
const locked = () =>
  new HttpError(
    423,
    ErrorCodes.systemAccountLocked,
    'ログインに続けて失敗したため、30分間ログインできません。時間をおいてから、もう一度お試しください。',
  );
const wrongCode = (remaining: number) =>
  new HttpError(
    401,
    ErrorCodes.invalidCredentials,
    `確認コードが正しくありません。認証アプリに表示されている最新のコードを入力してください（あと${remaining}回失敗するとロックされます）。`,
  );
const noPendingSignIn = () =>
  new HttpError(
    401,
    ErrorCodes.operatorUnauthenticated,
    'ログインの手続きが見つかりません。もう一度メールアドレスとパスワードを入力してください。',
  );

/** Where a session between the password and the second factor stands; signed out without an operator. */
function pendingState(operator: Pick<OperatorRow, 'totpEnabledAt'> | null): OperatorSessionState {
  if (!operator) return 'signedOut';
  return operator.totpEnabledAt ? 'totpRequired' : 'enrolmentRequired';
}

/** The operator with their associations' names, as the profile answer shows them. */
export async function operatorProfile(db: Database, operator: Operator): Promise<OperatorProfile> {
  const names = await associationNames(
    db,
    operator.roles.map((role) => role.associationId),
  );
  return {
    id: operator.id,
    email: operator.email,
    name: operator.name,
    roles: operator.roles.map((role) => ({ ...role, associationName: names.get(role.associationId) ?? '' })),
  };
}

export async function getOperatorSession(
  _input: ParsedInput<'getOperatorSession'>,
  context: Context,
): Promise<CallOutput<'getOperatorSession'>> {
  const { request, reply, db } = context;
  const session = await request.server.operatorSessions.ensure(request, reply);
  // The request's session read brought the operator and their roles (platform/operator-sessions.ts):
  // a signed-in answer needs nothing more, and the operator's row is read only to tell which
  // sign-in step comes next.
  const signedIn = session.row.secondFactorAt && session.operator ? session.operator : null;
  const pending = !signedIn && session.operator ? await findOperatorById(db, session.operator.id) : null;
  return {
    state: signedIn ? 'signedIn' : pendingState(pending),
    operator: signedIn ? await operatorProfile(db, signedIn) : null,
    authenticityToken: session.row.authenticityToken,
  };
}

/** The operator the session is signing in as (password given, second factor to come). */
async function pendingOperator(context: Context): Promise<{ session: OperatorSession; operator: OperatorRow }> {
  const session = context.request.operatorSession;
  if (!session?.row.operatorId || session.row.secondFactorAt) throw noPendingSignIn();
  const operator = await findOperatorById(context.db, session.row.operatorId);
  if (!operator || operator.disabledAt) throw noPendingSignIn();
  if (isLocked(operator, context.now)) throw locked();
  return { session, operator };
}

export async function operatorSignIn(input: ParsedInput<'operatorSignIn'>, context: Context): Promise<CallOutput<'operatorSignIn'>> {
  const { request, actor, reply, db, now } = context;
  const operator = await findOperatorByEmail(db, input.email);
  if (!operator || operator.disabledAt) {
    // The same work and answer whether or not the address is an operator's.
    await verifyPassword(await decoyPasswordHash(), input.password);
    await auditOperator(db, actor, 'sign_in_failed', null, null, { reason: 'unknown_email' }, now);
    throw wrongCredentials();
  }
  if (isLocked(operator, now)) throw locked();
  if (!(await verifyPassword(operator.passwordHash, input.password))) {
    const failure = await db.transaction(async (tx) => {
      const outcome = await recordOperatorFailure(tx, operator.id, now);
      await auditOperator(tx, actor, 'sign_in_failed', operator.id, null, { reason: 'wrong_password', locked: outcome.locked }, now);
      return outcome;
    });
    throw failure.locked ? locked() : wrongCredentials();
  }
  // The run of failures ends only with the second factor, so guessing codes cannot be stretched
  // by giving the password again in between.
  await auditOperator(db, actor, 'password_verified', operator.id, null, {}, now);
  await request.server.operatorSessions.start(request, reply, { operatorId: operator.id, secondFactorAt: null });
  return { state: operator.totpEnabledAt ? 'totpRequired' : 'enrolmentRequired' };
}

/** A wrong code counts toward the lock like a wrong password. */
async function refuseCode(context: Context, operatorId: string, reason: string): Promise<never> {
  const failure = await context.db.transaction(async (tx) => {
    const outcome = await recordOperatorFailure(tx, operatorId, context.now);
    await auditOperator(tx, context.actor, 'sign_in_failed', operatorId, null, { reason, locked: outcome.locked }, context.now);
    return outcome;
  });
  throw failure.locked ? locked() : wrongCode(failure.remaining);
}

export async function verifyOperatorTotp(
  input: ParsedInput<'verifyOperatorTotp'>,
  context: Context,
): Promise<CallOutput<'verifyOperatorTotp'>> {
  const { request, actor, reply, db, now } = context;
  const { operator } = await pendingOperator(context);
  if (!operator.totpSecret) throw noPendingSignIn();
  const secret = unsealSecret('operators.totp_secret', operator.id, operator.totpSecret);
  const step = matchTotpStep(secret, input.code, now);
  const accepted = await db.transaction(async (tx) => {
    if (step === null || !(await acceptTotpStep(tx, operator.id, step))) return false;
    await auditOperator(tx, actor, 'sign_in', operator.id, null, { method: 'password+totp' }, now);
    return true;
  });
  if (!accepted) return refuseCode(context, operator.id, step === null ? 'wrong_totp' : 'reused_totp');
  await request.server.operatorSessions.start(request, reply, { operatorId: operator.id, secondFactorAt: now });
  return { state: 'signedIn' };
}

export async function startOperatorTotpEnrolment(
  _input: ParsedInput<'startOperatorTotpEnrolment'>,
  context: Context,
): Promise<CallOutput<'startOperatorTotpEnrolment'>> {
  const { actor, db, now } = context;
  const { session, operator } = await pendingOperator(context);
  if (operator.totpEnabledAt) {
    throw new HttpError(
      409,
      OperatorErrorCodes.totpAlreadyEnrolled,
      '認証アプリは登録済みです。確認コードを入力してログインしてください。',
    );
  }
  const secret = newTotpSecret();
  await db.transaction(async (tx) => {
    await setPendingTotpSecret(tx, session.row.id, sealSecret('operator_sessions.pending_totp_secret', session.row.id, secret));
    await auditOperator(tx, actor, 'totp_enrolment_started', operator.id, null, {}, now);
  });
  const uri = otpauthUri(secret, operator.email);
  return { secret, otpauthUri: uri, qrSvg: qrCodeSvg(uri) };
}

export async function confirmOperatorTotpEnrolment(
  input: ParsedInput<'confirmOperatorTotpEnrolment'>,
  context: Context,
): Promise<CallOutput<'confirmOperatorTotpEnrolment'>> {
  const { request, actor, reply, db, now } = context;
  const { session, operator } = await pendingOperator(context);
  if (operator.totpEnabledAt) {
    throw new HttpError(
      409,
      OperatorErrorCodes.totpAlreadyEnrolled,
      '認証アプリは登録済みです。確認コードを入力してログインしてください。',
    );
  }
  if (!session.row.pendingTotpSecret) {
    throw new HttpError(409, OperatorErrorCodes.enrolmentNotStarted, '認証アプリの登録を始めてから、確認コードを入力してください。');
  }
  const secret = unsealSecret('operator_sessions.pending_totp_secret', session.row.id, session.row.pendingTotpSecret);
  const step = matchTotpStep(secret, input.code, now);
  if (step === null) return refuseCode(context, operator.id, 'wrong_enrolment_code');
  await db.transaction(async (tx) => {
    await enableTotp(tx, operator.id, secret, step, now);
    await auditOperator(tx, actor, 'totp_enrolled', operator.id, null, {}, now);
    await auditOperator(tx, actor, 'sign_in', operator.id, null, { method: 'password+totp_enrolment' }, now);
  });
  await request.server.operatorSessions.start(request, reply, { operatorId: operator.id, secondFactorAt: now });
  return { state: 'signedIn' };
}

export async function operatorSignOut(_input: ParsedInput<'operatorSignOut'>, context: Context): Promise<CallOutput<'operatorSignOut'>> {
  const { request, actor, reply, db, now } = context;
  const operatorId = request.operatorSession?.row.operatorId ?? null;
  if (operatorId) await auditOperator(db, actor, 'sign_out', operatorId, null, {}, now);
  await request.server.operatorSessions.end(request, reply);
  return { state: 'signedOut' };
}
