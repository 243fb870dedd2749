import { eq } from 'drizzle-orm';
import type { Member } from '../api/handlers';
import type { Executor } from '../db/client';
import { associations, users } from '../db/schema';
import { HttpError } from '../lib/errors';
import { decoyPasswordHash, verifyPassword } from '../lib/password';
import { ErrorCodes } from '@sukoyaka/contract';

export async function findMemberById(db: Executor, userId: string): Promise<Member | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, nickname: users.nickname, associationId: users.associationId })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Checks an e-mail and password. The answer is the same for an unknown e-mail and a wrong
 * password, and takes as long, so it does not tell whether an address is registered.
 */
export async function authenticateByPassword(db: Executor, email: string, password: string): Promise<Member> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  const ok = await verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!row || !ok) {
    throw new HttpError(401, ErrorCodes.invalidCredentials, 'メールアドレスまたはパスワードが正しくありません。');
  }
  return { id: row.id, email: row.email, nickname: row.nickname, associationId: row.associationId };
}

export async function getUserInfo(db: Executor, member: Member) {
  const association = member.associationId
    ? ((await db.select({ id: associations.id, name: associations.name }).from(associations).where(eq(associations.id, member.associationId)))[0] ?? null)
    : null;
  return { userId: member.id, email: member.email, nickname: member.nickname, association };
}
