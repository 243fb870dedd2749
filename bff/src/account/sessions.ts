import { and, eq, gt, lt } from 'drizzle-orm';
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
