// The one module that writes the sessions table: the session plugin, sign-in, step-up and password
// reset call it.
import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { sessions } from '../db/schema';
import { randomToken, sha256 } from '../lib/tokens';

export type SessionRow = typeof sessions.$inferSelect;

/** A loaded session and the raw cookie token that names it. */
export interface Session {
  row: SessionRow;
  token: string;
}

/** Sliding expiry is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export async function findSession(db: Database, token: string, now: Date): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, now)));
  return row ?? null;
}

export async function touchSession(db: Database, row: SessionRow, now: Date, ttlMs: number): Promise<void> {
  if (now.getTime() - row.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + ttlMs) })
    .where(eq(sessions.id, row.id));
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

/** Ends every session of a member, signed in or waiting for their sign-in code; returns how many. */
export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(or(eq(sessions.userId, userId), eq(sessions.pendingMfaUserId, userId)))
    .returning({ id: sessions.id });
  return ended.length;
}
