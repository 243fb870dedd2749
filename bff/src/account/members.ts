import { ErrorCodes } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { Member } from '../platform/handlers';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../db/client';
import { associations, users } from '../db/schema';
import { HttpError } from '../platform/errors';
import { decoyPasswordHash, verifyPassword } from '../lib/password';
import { audit } from '../platform/audit';
import { accountConditionError, accountLocked } from '../platform/conditions';
import { memberColumns, splitMemberRow } from '../platform/members';
import { recordFailedAuthentication } from './lockout';

/** The member a right password belongs to, and the phone of their SMS two-factor when it is on. */
export interface PasswordAuthentication {
  member: Member;
  mfaPhoneNumber: string | null;
}

export const invalidCredentials = () =>
  new HttpError(401, ErrorCodes.invalidCredentials, 'メールアドレスまたはパスワードが正しくありません。');

/**
 * Checks an e-mail and password. The answer is the same for an unknown e-mail and a wrong
 * password, and takes as long, so it does not tell whether an address is registered. A wrong
 * password of an existing account counts toward its lock (lockout.ts); the fifth in a row
 * answers 423 at once. Unknown addresses count nothing: there is no account to lock.
 */
export async function authenticateByPassword(
  db: Database,
  request: FastifyRequest | null,
  email: string,
  password: string,
  now: Date,
): Promise<PasswordAuthentication> {
  const [row] = await db
    .select({ ...memberColumns, passwordHash: users.passwordHash, phoneNumber: users.phoneNumber, smsMfaEnabledAt: users.smsMfaEnabledAt })
    .from(users)
    .leftJoin(associations, eq(associations.id, users.associationId))
    .where(eq(users.email, email));
  // A locked account is refused before its password is tried, so guessing stops while it is locked.
  if (row?.lockedUntil && row.lockedUntil.getTime() > now.getTime()) {
    await audit(db, request, 'sign_in_failed', row.id, { reason: 'locked' }, now);
    throw accountLocked();
  }
  const ok = await verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!row) {
    // No address in the record: it is whatever a stranger typed.
    await audit(db, request, 'sign_in_failed', null, { reason: 'unknown_account' }, now);
    throw invalidCredentials();
  }
  if (!ok) {
    const failure = await db.transaction(async (tx) => {
      const outcome = await recordFailedAuthentication(tx, request, row.id, now, 'password');
      await audit(tx, request, 'sign_in_failed', row.id, { reason: 'wrong_password', locked: outcome.locked }, now);
      return outcome;
    });
    throw failure.locked ? accountLocked() : invalidCredentials();
  }
  const { passwordHash: _passwordHash, phoneNumber, smsMfaEnabledAt, ...rest } = row;
  const { member, standing } = splitMemberRow(rest);
  // The right password of an account that may not be used: say why, and start no session.
  const condition = accountConditionError(standing, now);
  if (condition) throw condition;
  return { member, mfaPhoneNumber: smsMfaEnabledAt && phoneNumber ? phoneNumber : null };
}

export async function getUserInfo(db: Executor, member: Member) {
  const [row] = await db
    .select({ birthday: users.birthday, height: users.height, associationId: associations.id, associationName: associations.name })
    .from(users)
    .leftJoin(associations, eq(associations.id, users.associationId))
    .where(eq(users.id, member.id));
  const association = row?.associationId ? { id: row.associationId, name: row.associationName! } : null;
  return { userId: member.id, email: member.email, nickname: member.nickname, association, birthday: row?.birthday ?? null, height: row?.height ?? null };
}
