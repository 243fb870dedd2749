// The one module that writes the sessions table: the session plugin, sign-in, step-up and password
// reset call it.
import { and, eq, getTableColumns, gt, lt, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { preparedPerDatabase } from '../db/prepared-statements';
import { associations, sessions, users } from '../db/schema';
import { randomToken, sha256 } from '../lib/tokens';
import { memberColumns, splitMemberRow, type MemberWithStanding } from './members';

export type SessionRow = typeof sessions.$inferSelect;

/** A loaded session and the raw cookie token that names it. */
export interface Session {
  row: SessionRow;
  token: string;
}

/** Sliding expiry is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** A session and, when it is a member's, the member with their standing. */
export interface LoadedSession {
  row: SessionRow;
  caller: MemberWithStanding | null;
}

const sessionColumns = getTableColumns(sessions);
/** Per database: the statement every call starts with, prepared once (node-postgres names it on each connection). */
const findStatement = preparedPerDatabase((db: Database) =>
  db
    .select({ session: sessionColumns, member: memberColumns })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(associations, eq(associations.id, users.associationId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('find_session_and_member'),
);

/**
 * The session a cookie names and its member (with association and account standing), in one
 * query: every call needs both (plugins/session.ts keeps it for a moment, session-cache.ts).
 */
export async function findSessionAndMember(db: Database, token: string, now: Date): Promise<LoadedSession | null> {
  const [found] = await findStatement(db).execute({ tokenHash: sha256(token), now });
  if (!found) return null;
  const { member } = found;
  // The left join gives a row of nulls for a visitor's session.
  const caller = member.id === null ? null : splitMemberRow(member as Parameters<typeof splitMemberRow>[0]);
  return { row: found.session, caller };
}

/** Slides the expiry when it is due; answers whether it wrote. */
export async function touchSession(db: Database, row: SessionRow, now: Date, ttlMs: number): Promise<boolean> {
  if (now.getTime() - row.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return false;
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + ttlMs) })
    .where(eq(sessions.id, row.id));
  return true;
}

export async function createSession(db: Executor, userId: string | null, now: Date, ttlMs: number): Promise<Session> {
  const token = randomToken();
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: sha256(token),
      userId,
      authenticityToken: randomToken(),
      lastSeenAt: now,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    })
    .returning();
  return { row: row!, token };
}

export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteExpiredSessions(db: Database, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/** Sign-in with SMS two-factor: the visitor session remembers whose code it is waiting for. */
export async function setPendingMfaUser(db: Executor, sessionId: string, userId: string): Promise<void> {
  await db.update(sessions).set({ pendingMfaUserId: userId }).where(eq(sessions.id, sessionId));
}

/** A step-up confirmation given on this session lasts until `expiresAt`. */
export async function recordStepUp(db: Executor, sessionId: string, kind: 'password' | 'birthday', expiresAt: Date): Promise<void> {
  await db
    .update(sessions)
    .set(kind === 'password' ? { passwordAuthExpiresAt: expiresAt } : { birthdayAuthExpiresAt: expiresAt })
    .where(eq(sessions.id, sessionId));
}

/** The My Number secret question answered on this session: reading My Number data is allowed until `expiresAt`. */
export async function recordMynaSecretQuestionAnswer(db: Executor, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ mynaSecretQuestionExpiresAt: expiresAt }).where(eq(sessions.id, sessionId));
}

/** The secret question was reset: no session of the member keeps an answer to the old one. */
export async function endMynaSecretQuestionAnswers(db: Executor, userId: string): Promise<void> {
  await db.update(sessions).set({ mynaSecretQuestionExpiresAt: null }).where(eq(sessions.userId, userId));
}

/** Ends every session of a member, signed in or waiting for their sign-in code; returns how many. */
export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(or(eq(sessions.userId, userId), eq(sessions.pendingMfaUserId, userId)))
    .returning({ id: sessions.id });
  return ended.length;
}
