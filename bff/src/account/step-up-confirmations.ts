import { ErrorCodes, type CallOutput, type ParsedInput } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { CallContext } from '../platform/handlers';
import { rosterEntries, users } from '../db/schema';
import { recordStepUp } from '../platform/sessions';
import { HttpError } from '../platform/errors';
import { verifyPassword } from '../lib/password';
import { safeEqual } from '../lib/tokens';
import { audit } from '../platform/audit';
import { accountLocked } from '../platform/conditions';
import { lockWarning, recordFailedAuthentication, resetFailedAuthentications } from './lockout';
import { STEP_UP_TTL_MS } from '../platform/step-up';

type Kind = 'password' | 'birthday';

const wrongAnswer: Record<Kind, string> = {
  password: 'パスワードが正しくありません。',
  birthday: '生年月日が正しくありません。',
};

/**
 * Settles one step-up confirmation: success sets its expiry on this session (the auth state
 * shows it) and ends the run of failures; a failure counts toward the account lock, and the
 * fifth in a row answers 423 at once (the client shows the locked screen).
 */
async function settle(context: CallContext<'member'>, kind: Kind, ok: boolean): Promise<Date> {
  const { request, actor, db, member, now } = context;
  const sessionId = request.session!.row.id;
  const result = await db.transaction(async (tx) => {
    if (!ok) {
      const failure = await recordFailedAuthentication(
        tx,
        actor,
        member.id,
        now,
        kind === 'password' ? 'step_up_password' : 'step_up_birthday',
      );
      await audit(tx, actor, 'step_up_failed', member.id, { kind, locked: failure.locked }, now);
      return { ok: false as const, ...failure };
    }
    const expiresAt = new Date(now.getTime() + STEP_UP_TTL_MS);
    await recordStepUp(tx, sessionId, kind, expiresAt);
    await resetFailedAuthentications(tx, member.id);
    await audit(tx, actor, 'step_up_succeeded', member.id, { kind, expiresAt: expiresAt.toISOString() }, now);
    return { ok: true as const, expiresAt };
  });
  if (!result.ok) {
    if (result.locked) throw accountLocked();
    throw new HttpError(401, ErrorCodes.invalidCredentials, `${wrongAnswer[kind]}${lockWarning(result.remaining)}`);
  }
  return result.expiresAt;
}

/** /prompt_auth: the signed-in member's password, again. */
export async function authenticateUserPassword(
  input: ParsedInput<'authenticateUserPassword'>,
  context: CallContext<'member'>,
): Promise<CallOutput<'authenticateUserPassword'>> {
  const [row] = await context.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, context.member.id));
  const ok = row ? await verifyPassword(row.passwordHash, input.password) : false;
  const expiresAt = await settle(context, 'password', ok);
  return { passwordAuthExpireAt: expiresAt.toISOString() };
}

/**
 * The birthday a member's identity rests on: the one on their account, or else the one of the
 * association's roster entry they linked to (organisation verification matched it).
 */
async function knownBirthday(context: CallContext<'member'>): Promise<string | null> {
  const [row] = await context.db
    .select({ own: users.birthday, roster: rosterEntries.birthday })
    .from(users)
    .leftJoin(rosterEntries, eq(rosterEntries.linkedUserId, users.id))
    .where(eq(users.id, context.member.id))
    .limit(1);
  return row?.own ?? row?.roster ?? null;
}

/** /sensitive_verification: the member's birthday, as the association knows it. */
export async function authenticateBirthday(
  input: ParsedInput<'authenticateBirthday'>,
  context: CallContext<'member'>,
): Promise<CallOutput<'authenticateBirthday'>> {
  const birthday = await knownBirthday(context);
  if (!birthday) {
    // Nothing to compare with: not a failed guess, so not counted toward the lock.
    throw new HttpError(
      409,
      ErrorCodes.birthdayNotRegistered,
      '生年月日が登録されていないため、生年月日による本人確認ができません。先に組合員の確認（保険証の情報の登録）を行ってください。',
    );
  }
  const expiresAt = await settle(context, 'birthday', safeEqual(birthday, input.birthday));
  return { birthdayAuthExpireAt: expiresAt.toISOString() };
}
