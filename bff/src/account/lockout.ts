import type { Actor } from '../platform/actor';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { signInLocks } from '../db/schema';
import { sha256 } from '../lib/tokens';
import { audit } from '../platform/audit';
import { clearFailedAuthentications, countFailedAuthentication } from './users';

/** Failed authentications in a row that lock the account, and for how long (issue 4). */
export const MAX_FAILED_AUTHENTICATIONS = 5;
export const LOCK_DURATION_MS = 30 * 60 * 1000;

/** What failed: all of them count toward the same lock, since they all prove who the member is. */
export type FailedAuthentication = 'password' | 'sms_code' | 'step_up_password' | 'step_up_birthday';

export interface FailureOutcome {
  /** The account is locked now: by this failure, or already by a concurrent one. */
  locked: boolean;
  /** Failures left before the lock (0 once locked). */
  remaining: number;
}

/**
 * Counts one failed authentication of an existing account and locks it at the fifth in a row.
 * One UPDATE decides it, so concurrent failures from several sessions or devices cannot both
 * read "4" and both miss the lock: the row lock orders them and each sees the other's count.
 * The count starts again from zero when the lock is set, so once the 30 minutes are over the
 * member has five tries again (the audit log keeps the history).
 */
export async function recordFailedAuthentication(
  tx: Executor,
  actor: Actor | null,
  userId: string,
  now: Date,
  what: FailedAuthentication,
): Promise<FailureOutcome> {
  const lockedUntil = new Date(now.getTime() + LOCK_DURATION_MS);
  // An account that is locked already is not counted further (nor is its lock extended).
  const row = await countFailedAuthentication(tx, userId, now, MAX_FAILED_AUTHENTICATIONS, lockedUntil);
  if (!row) return { locked: true, remaining: 0 };
  const locked = row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime();
  if (locked)
    await audit(
      tx,
      actor,
      'account_locked',
      userId,
      { after: what, until: lockedUntil.toISOString(), failures: MAX_FAILED_AUTHENTICATIONS },
      now,
    );
  return { locked, remaining: locked ? 0 : MAX_FAILED_AUTHENTICATIONS - row.failedAuthCount };
}

/** A successful authentication ends the run of failures. */
export async function resetFailedAuthentications(tx: Executor, userId: string): Promise<void> {
  await clearFailedAuthentications(tx, userId);
}

/**
 * The warning a member who is already known to us (signed in, or past the password step) reads
 * with a failure, once the lock is close. Never used where the e-mail address is not proven yet.
 */
export function lockWarning(remaining: number): string {
  return remaining > 0 && remaining <= 2 ? `あと${remaining}回間違えると、アカウントが30分間ロックされます。` : '';
}

/*
 * The sign-in lock for browsers unknown to the account (issue 8). Wrong passwords from browsers
 * without the account's device cookie (known-devices.ts) are counted per address typed, whether or
 * not it is registered, so five of them answer 423 for an unknown address exactly as for a
 * registered one. The lock keeps strangers out without touching the member: their known browsers
 * keep their own allowance, their sessions go on, and the member is mailed a link that ends it.
 */

/** The key of an address in `sign_in_locks`: never the address itself. */
export function addressKey(email: string): string {
  return sha256(`sign-in-lock:${email.trim().toLowerCase()}`);
}

/** Whether unknown browsers are locked out of this address now. */
export async function isAddressLocked(db: Executor, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ lockedUntil: signInLocks.lockedUntil })
    .from(signInLocks)
    .where(eq(signInLocks.emailHash, addressKey(email)));
  return Boolean(row?.lockedUntil && row.lockedUntil.getTime() > now.getTime());
}

/**
 * One wrong password from an unknown browser for this address, locking it at the fifth. One
 * INSERT … ON CONFLICT DO UPDATE decides it, the update only while the address is not locked, so
 * concurrent failures are counted one after the other and exactly one of them sets the lock
 * (`lockedNow`). The count starts again from zero when the lock is set.
 */
export async function recordAddressFailure(tx: Executor, email: string, now: Date): Promise<FailureOutcome & { lockedNow: boolean }> {
  const lockedUntil = new Date(now.getTime() + LOCK_DURATION_MS);
  const reachesLimit = sql`${signInLocks.failedCount} + 1 >= ${MAX_FAILED_AUTHENTICATIONS}`;
  const [row] = await tx
    .insert(signInLocks)
    .values({ emailHash: addressKey(email), failedCount: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: signInLocks.emailHash,
      set: {
        failedCount: sql`case when ${reachesLimit} then 0 else ${signInLocks.failedCount} + 1 end`,
        lockedUntil: sql`case when ${reachesLimit} then ${lockedUntil.toISOString()}::timestamptz else null end`,
        updatedAt: now,
      },
      setWhere: or(isNull(signInLocks.lockedUntil), lte(signInLocks.lockedUntil, now)),
    })
    .returning({ failedCount: signInLocks.failedCount, lockedUntil: signInLocks.lockedUntil });
  // No row: the conflict's update was skipped, the address is locked already.
  if (!row) return { locked: true, remaining: 0, lockedNow: false };
  const lockedNow = row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime();
  return { locked: lockedNow, remaining: lockedNow ? 0 : MAX_FAILED_AUTHENTICATIONS - row.failedCount, lockedNow };
}

/**
 * A complete sign-in ends the address's run of failures, but not a lock that is on: a member
 * signing in from their known browser does not reopen the address to the stranger locked out.
 */
export async function clearAddressFailures(tx: Executor, email: string, now: Date): Promise<void> {
  await tx
    .delete(signInLocks)
    .where(and(eq(signInLocks.emailHash, addressKey(email)), or(isNull(signInLocks.lockedUntil), lte(signInLocks.lockedUntil, now))));
}

/** The unlock link or a reset password (both prove the mailbox) end the count and the lock. */
export async function clearAddressLock(tx: Executor, email: string): Promise<void> {
  await tx.delete(signInLocks).where(eq(signInLocks.emailHash, addressKey(email)));
}
