import { and, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

/*
 * The one module that writes the users table: sign-up, e-mail verification and change, the lock,
 * password reset, organisation verification, the profile and SMS two-factor call these. Reads
 * stay where they are needed (platform/members.ts loads the caller).
 */

export async function insertUser(
  tx: Executor,
  values: { email: string; passwordHash: string; nickname: string; now: Date },
): Promise<{ id: string }> {
  const [user] = await tx
    .insert(users)
    .values({ email: values.email, passwordHash: values.passwordHash, nickname: values.nickname, createdAt: values.now })
    .returning({ id: users.id });
  return user!;
}

export async function markEmailVerified(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
}

/** A confirmed new address: proven by its link, so verified now. */
export async function changeEmail(tx: Executor, userId: string, email: string, now: Date): Promise<void> {
  await tx.update(users).set({ email, emailVerifiedAt: now }).where(eq(users.id, userId));
}

/**
 * One failure more, and the lock when it reaches `limit`, decided by one UPDATE (lockout.ts says
 * why). Returns null for an account that is locked already: it is not counted further.
 */
export async function countFailedAuthentication(
  tx: Executor,
  userId: string,
  now: Date,
  limit: number,
  lockedUntil: Date,
): Promise<{ failedAuthCount: number; lockedUntil: Date | null } | null> {
  const reachesLimit = sql`${users.failedAuthCount} + 1 >= ${limit}`;
  const [row] = await tx
    .update(users)
    .set({
      failedAuthCount: sql`case when ${reachesLimit} then 0 else ${users.failedAuthCount} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${lockedUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
    })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ failedAuthCount: users.failedAuthCount, lockedUntil: users.lockedUntil });
  return row ?? null;
}

export async function clearFailedAuthentications(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ failedAuthCount: 0 })
    .where(and(eq(users.id, userId), ne(users.failedAuthCount, 0)));
}

/** The unlock link (it proves the mailbox) ends the account's lock and its count. */
export async function unlockUser(tx: Executor, userId: string): Promise<void> {
  await tx.update(users).set({ failedAuthCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}

/** A new password ends the lock and its count; the reset link proved the address, too. */
export async function setResetPassword(
  tx: Executor,
  userId: string,
  values: { passwordHash: string; now: Date; emailVerifiedAt: Date },
): Promise<void> {
  await tx
    .update(users)
    .set({
      passwordHash: values.passwordHash,
      passwordChangedAt: values.now,
      failedAuthCount: 0,
      lockedUntil: null,
      emailVerifiedAt: values.emailVerifiedAt,
    })
    .where(eq(users.id, userId));
}

/** Links a member who has no association yet; false when they already have one. */
export async function linkAssociation(
  tx: Executor,
  userId: string,
  values: { associationId: string; verifiedAt: Date; birthday: string | null },
): Promise<boolean> {
  const linked = await tx
    .update(users)
    .set({ associationId: values.associationId, associationVerifiedAt: values.verifiedAt, birthday: values.birthday })
    .where(and(eq(users.id, userId), isNull(users.associationId)))
    .returning({ id: users.id });
  return linked.length > 0;
}

export async function setNickname(tx: Executor, userId: string, nickname: string): Promise<void> {
  await tx.update(users).set({ nickname }).where(eq(users.id, userId));
}

/** 身長 (cm), or null to clear it. */
export async function setHeight(tx: Executor, userId: string, height: number | null): Promise<void> {
  await tx.update(users).set({ height }).where(eq(users.id, userId));
}

/** The welcome finished or skipped (issue 27), once: true when this call recorded it. */
export async function markOnboarded(tx: Executor, userId: string, now: Date): Promise<boolean> {
  const marked = await tx
    .update(users)
    .set({ onboardedAt: now })
    .where(and(eq(users.id, userId), isNull(users.onboardedAt)))
    .returning({ id: users.id });
  return marked.length > 0;
}

/** SMS two-factor on this phone; `enabledAt` undefined keeps the time it was first turned on. */
export async function setSmsMfaPhone(tx: Executor, userId: string, phoneNumber: string, enabledAt: Date | undefined): Promise<void> {
  await tx.update(users).set({ phoneNumber, smsMfaEnabledAt: enabledAt }).where(eq(users.id, userId));
}

export async function clearSmsMfa(tx: Executor, userId: string): Promise<void> {
  await tx.update(users).set({ phoneNumber: null, smsMfaEnabledAt: null }).where(eq(users.id, userId));
}

/** The address a left member's row carries instead of theirs: unique, not deliverable (.invalid, RFC 2606). */
export const leftUserEmail = (userId: string) => `left-${userId}@left.invalid`;

/**
 * A member who left: the row stays only as the anonymous holder of the ledger and audit entries
 * kept (they reference it), with every personal field cleared and a password that matches none.
 */
export async function anonymiseLeftUser(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      email: leftUserEmail(userId),
      // Not a hash any password verifies against: signing in as this row is impossible.
      passwordHash: '!left',
      nickname: '退会済み',
      birthday: null,
      height: null,
      associationId: null,
      associationVerifiedAt: null,
      membershipExpiresOn: null,
      suspendedAt: null,
      failedAuthCount: 0,
      lockedUntil: null,
      emailVerifiedAt: null,
      phoneNumber: null,
      smsMfaEnabledAt: null,
      passwordChangedAt: null,
      leftAt: now,
    })
    .where(eq(users.id, userId));
}
