import { callPath } from '@sukoyaka/contract';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import type { Actor } from '../platform/actor';
import { knownDevices, users } from '../db/schema';
import { randomToken, sha256 } from '../lib/tokens';

/*
 * OWASP "device cookies" (the only writer of `known_devices`): a browser that has signed in to an
 * account keeps a random token in an HttpOnly cookie of that account; only the token's SHA-256 is
 * stored, bound to the account, so the cookie cannot be forged, moved to another account or read
 * from the table. A stranger's wrong passwords lock the account for browsers without one
 * (lockout.ts); a browser with one counts its own failures and is locked on its own.
 */

/** A year: the browser stays known as long as the member keeps using it. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** One cookie per account the browser has signed in to, named by a digest of the account id. */
export function deviceCookieName(userId: string): string {
  return `sukoyaka_device_${sha256(`device-cookie:${userId}`).slice(0, 16)}`;
}

// Sent only to the sign-in call: no other request needs it.
const cookiePath = () => callPath('signIn');

export type KnownDevice = typeof knownDevices.$inferSelect;

/** The known browser this request comes from for the account, or null (no, or no valid, cookie). */
export async function findKnownDevice(db: Executor, actor: Actor, userId: string): Promise<KnownDevice | null> {
  const token = actor.cookie(deviceCookieName(userId));
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select()
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, sha256(token)), eq(knownDevices.userId, userId)));
  return row ?? null;
}

/**
 * The known browsers these cookie tokens prove, with their accounts' addresses: the sign-in
 * throttle (plugins/auth-throttle.ts) keys a browser by its row (the token changes at every
 * sign-in) and counts a member's own browser against itself instead of the account. Only the
 * tokens' digests are compared; a forged token proves nothing.
 */
export async function knownDevicesOf(db: Executor, tokens: readonly string[]): Promise<Array<{ deviceId: string; email: string }>> {
  if (tokens.length === 0) return [];
  // Oldest first: a browser known to several accounts is named by its first row, which stays first.
  return db
    .select({ deviceId: knownDevices.id, email: users.email })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(inArray(knownDevices.tokenHash, tokens.slice(0, 20).map(sha256)))
    .orderBy(asc(knownDevices.createdAt), asc(knownDevices.id));
}

export function isDeviceLocked(device: KnownDevice, now: Date): boolean {
  return device.lockedUntil !== null && device.lockedUntil.getTime() > now.getTime();
}

/**
 * One wrong password from this known browser, locking it (this browser only) at the limit. The
 * same one conditional UPDATE as the account's count (users.ts): concurrent failures cannot slip
 * past it. Null when it is locked already.
 */
export async function countDeviceFailure(
  tx: Executor,
  deviceId: string,
  now: Date,
  limit: number,
  lockedUntil: Date,
): Promise<{ failedCount: number; lockedUntil: Date | null } | null> {
  const reachesLimit = sql`${knownDevices.failedCount} + 1 >= ${limit}`;
  const [row] = await tx
    .update(knownDevices)
    .set({
      failedCount: sql`case when ${reachesLimit} then 0 else ${knownDevices.failedCount} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${lockedUntil.toISOString()}::timestamptz else ${knownDevices.lockedUntil} end`,
    })
    .where(and(eq(knownDevices.id, deviceId), or(isNull(knownDevices.lockedUntil), lte(knownDevices.lockedUntil, now))))
    .returning({ failedCount: knownDevices.failedCount, lockedUntil: knownDevices.lockedUntil });
  return row ?? null;
}

/** A cookie for the reply to set: its name, value and attributes. */
export interface DeviceCookie {
  name: string;
  value: string;
  options: { path: string; httpOnly: true; sameSite: 'strict'; secure: boolean; maxAge: number };
}

/**
 * After a complete sign-in: the browser's device cookie is renewed (a known browser keeps its
 * row, its count starting again) or issued (a new row). Answers the cookie the reply sets.
 */
export async function rememberDevice(
  tx: Executor,
  context: { actor: Actor; config: Config; now: Date },
  userId: string,
): Promise<DeviceCookie> {
  const { actor, config, now } = context;
  const known = await findKnownDevice(tx, actor, userId);
  const token = randomToken();
  if (known) {
    await tx
      .update(knownDevices)
      .set({ tokenHash: sha256(token), failedCount: 0, lockedUntil: null, lastSignInAt: now })
      .where(eq(knownDevices.id, known.id));
  } else {
    await tx.insert(knownDevices).values({ userId, tokenHash: sha256(token), createdAt: now, lastSignInAt: now });
  }
  return {
    name: deviceCookieName(userId),
    value: token,
    options: { path: cookiePath(), httpOnly: true, sameSite: 'strict', secure: config.cookieSecure, maxAge: DEVICE_COOKIE_MAX_AGE_S },
  };
}

/** A reset password or an unlock link proves the mailbox: every browser's own lock ends too. */
export async function clearDeviceLocks(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx
    .update(knownDevices)
    .set({ failedCount: 0, lockedUntil: null })
    .where(and(eq(knownDevices.userId, userId), or(gt(knownDevices.failedCount, 0), gt(knownDevices.lockedUntil, now))));
}
