import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
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
  request: FastifyRequest | null,
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
      request,
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
