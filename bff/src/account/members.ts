import { ErrorCodes } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { Member } from '../api/handlers';
import type { Executor } from '../db/client';
import { associations, users } from '../db/schema';
import { HttpError } from '../lib/errors';
import { decoyPasswordHash, verifyPassword } from '../lib/password';
import { accountConditionError, accountLocked, type AccountStanding } from './conditions';

const memberColumns = {
  id: users.id,
  email: users.email,
  nickname: users.nickname,
  associationId: users.associationId,
  lockedUntil: users.lockedUntil,
  suspendedAt: users.suspendedAt,
  membershipExpiresOn: users.membershipExpiresOn,
  associationVerifiedAt: users.associationVerifiedAt,
  associationUnderMaintenance: associations.underMaintenance,
  emailVerifiedAt: users.emailVerifiedAt,
};

export interface MemberWithStanding {
  member: Member;
  standing: AccountStanding;
}

function split(row: Omit<Member, 'emailVerified'> & AccountStanding & { emailVerifiedAt: Date | null }): MemberWithStanding {
  const { id, email, nickname, associationId, emailVerifiedAt, ...rest } = row;
  return { member: { id, email, nickname, associationId, emailVerified: emailVerifiedAt !== null }, standing: { associationId, ...rest } };
}

/** The member and their standing, in one query with their association. */
export async function findMemberById(db: Executor, userId: string): Promise<MemberWithStanding | null> {
  const [row] = await db.select(memberColumns).from(users).leftJoin(associations, eq(associations.id, users.associationId)).where(eq(users.id, userId));
  return row ? split(row) : null;
}

/**
 * Checks an e-mail and password. The answer is the same for an unknown e-mail and a wrong
 * password, and takes as long, so it does not tell whether an address is registered.
 */
export async function authenticateByPassword(db: Executor, email: string, password: string, now: Date): Promise<Member> {
  const [row] = await db
    .select({ ...memberColumns, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(associations, eq(associations.id, users.associationId))
    .where(eq(users.email, email));
  // A locked account is refused before its password is tried, so guessing stops while it is locked.
  if (row?.lockedUntil && row.lockedUntil.getTime() > now.getTime()) throw accountLocked();
  const ok = await verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!row || !ok) {
    throw new HttpError(401, ErrorCodes.invalidCredentials, 'メールアドレスまたはパスワードが正しくありません。');
  }
  const { passwordHash: _passwordHash, ...rest } = row;
  const { member, standing } = split(rest);
  // The right password of an account that may not be used: say why, and start no session.
  const condition = accountConditionError(standing, now);
  if (condition) throw condition;
  return member;
}

export async function getUserInfo(db: Executor, member: Member) {
  const association = member.associationId
    ? ((await db.select({ id: associations.id, name: associations.name }).from(associations).where(eq(associations.id, member.associationId)))[0] ?? null)
    : null;
  return { userId: member.id, email: member.email, nickname: member.nickname, association };
}
