import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { associations, users } from '../db/schema';
import type { AccountStanding } from './conditions';
import type { Member } from './handlers';

/** The columns a call needs to decide who is calling and whether they may. */
export const memberColumns = {
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

export function splitMemberRow(
  row: Omit<Member, 'emailVerified'> & AccountStanding & { emailVerifiedAt: Date | null },
): MemberWithStanding {
  const { id, email, nickname, associationId, emailVerifiedAt, ...rest } = row;
  return { member: { id, email, nickname, associationId, emailVerified: emailVerifiedAt !== null }, standing: { associationId, ...rest } };
}

/** The member and their standing, in one query with their association. */
export async function findMemberById(db: Executor, userId: string): Promise<MemberWithStanding | null> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .leftJoin(associations, eq(associations.id, users.associationId))
    .where(eq(users.id, userId));
  return row ? splitMemberRow(row) : null;
}
