import type { Actor } from '../platform/actor';
import { ErrorCodes, pagePaths } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { Member } from '../platform/handlers';
import type { Database, Executor } from '../db/client';
import { associations, users } from '../db/schema';
import { HttpError } from '../platform/errors';
import { decoyPasswordHash, verifyPassword } from '../lib/password';
import { audit } from '../platform/audit';
import { accountConditionError, accountLocked } from '../platform/conditions';
import { memberColumns, splitMemberRow } from '../platform/members';
import { enqueueMail } from '../platform/outbox';
import { accountLockedMail, link } from './account-mails';
import { countDeviceFailure, findKnownDevice, isDeviceLocked } from './known-devices';
import { LOCK_DURATION_MS, MAX_FAILED_AUTHENTICATIONS, isAddressLocked, recordAddressFailure } from './lockout';
import { issueToken } from './one-time-tokens';

/** The member a right password belongs to, and the phone of their SMS two-factor when it is on. */
export interface PasswordAuthentication {
  member: Member;
  mfaPhoneNumber: string | null;
}

export const invalidCredentials = () =>
  new HttpError(401, ErrorCodes.invalidCredentials, 'メールアドレスまたはパスワードが正しくありません。');

/**
 * Checks an e-mail and password. The answer is the same for an unknown e-mail and a wrong
 * password, and takes as long, so it does not tell whether an address is registered.
 *
 * Wrong passwords lock in two ways (issue 8, OWASP device cookies). A browser that has signed in
 * to the account before (known-devices.ts) counts its own failures and is locked on its own at
 * the fifth. Every other browser counts toward the address typed — registered or not, so an
 * unknown address locks just like a registered one — and the fifth locks the address for all of
 * them; the member of a registered address is mailed a link that ends the lock. Neither touches
 * the account's own lock (users.lockedUntil: SMS codes and step-up), so a stranger cannot end the
 * member's sessions or keep the member's own browser out.
 */
export async function authenticateByPassword(
  db: Database,
  actor: Actor | null,
  email: string,
  password: string,
  now: Date,
  publicUrl: string,
): Promise<PasswordAuthentication> {
  const [row] = await db
    .select({ ...memberColumns, passwordHash: users.passwordHash, phoneNumber: users.phoneNumber, smsMfaEnabledAt: users.smsMfaEnabledAt })
    .from(users)
    .leftJoin(associations, eq(associations.id, users.associationId))
    .where(eq(users.email, email));
  const device = row && actor ? await findKnownDevice(db, actor, row.id) : null;
  // Locked is refused before the password is tried, so guessing stops while it is locked.
  const accountLockedNow = Boolean(row?.lockedUntil && row.lockedUntil.getTime() > now.getTime());
  if (accountLockedNow || (device ? isDeviceLocked(device, now) : await isAddressLocked(db, email, now))) {
    await audit(db, actor, 'sign_in_failed', row?.id ?? null, { reason: 'locked' }, now);
    throw accountLocked();
  }
  const ok = await verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!row || !ok) {
    const locked = await db.transaction(async (tx) => {
      const failure = device
        ? await countForDevice(tx, actor, row!.id, device.id, now)
        : await countForAddress(tx, actor, row, email, now, publicUrl);
      // No address in the record of an unknown one: it is whatever a stranger typed.
      const detail = row ? { reason: 'wrong_password', locked: failure.locked } : { reason: 'unknown_account' };
      await audit(tx, actor, 'sign_in_failed', row?.id ?? null, detail, now);
      return failure.locked;
    });
    throw locked ? accountLocked() : invalidCredentials();
  }
  const { passwordHash: _passwordHash, phoneNumber, smsMfaEnabledAt, ...rest } = row;
  const { member, standing } = splitMemberRow(rest);
  // The right password of an account that may not be used: say why, and start no session.
  const condition = accountConditionError(standing, now);
  if (condition) throw condition;
  return { member, mfaPhoneNumber: smsMfaEnabledAt && phoneNumber ? phoneNumber : null };
}

async function countForDevice(tx: Executor, actor: Actor | null, userId: string, deviceId: string, now: Date) {
  const until = new Date(now.getTime() + LOCK_DURATION_MS);
  const counted = await countDeviceFailure(tx, deviceId, now, MAX_FAILED_AUTHENTICATIONS, until);
  const locked = !counted || (counted.lockedUntil !== null && counted.lockedUntil.getTime() > now.getTime());
  if (counted && locked) {
    const detail = { after: 'password', until: until.toISOString(), failures: MAX_FAILED_AUTHENTICATIONS, scope: 'this_browser' };
    await audit(tx, actor, 'account_locked', userId, detail, now);
  }
  return { locked };
}

async function countForAddress(
  tx: Executor,
  actor: Actor | null,
  row: { id: string; email: string } | undefined,
  email: string,
  now: Date,
  publicUrl: string,
) {
  const outcome = await recordAddressFailure(tx, email, now);
  if (row && outcome.lockedNow) {
    const until = new Date(now.getTime() + LOCK_DURATION_MS);
    const detail = { after: 'password', until: until.toISOString(), failures: MAX_FAILED_AUTHENTICATIONS, scope: 'unknown_browsers' };
    await audit(tx, actor, 'account_locked', row.id, detail, now);
    // Once per lock: only the failure that set it gets here.
    const { token } = await issueToken(tx, { userId: row.id, purpose: 'account_unlock', email: row.email, now });
    await enqueueMail(tx, accountLockedMail(row.email, link(publicUrl, pagePaths.accountUnlock, token), publicUrl), {
      kind: 'account_locked',
      now,
    });
  }
  return outcome;
}

export async function getUserInfo(db: Executor, member: Member) {
  const [row] = await db
    .select({ birthday: users.birthday, height: users.height, associationId: associations.id, associationName: associations.name })
    .from(users)
    .leftJoin(associations, eq(associations.id, users.associationId))
    .where(eq(users.id, member.id));
  const association = row?.associationId ? { id: row.associationId, name: row.associationName! } : null;
  return {
    userId: member.id,
    email: member.email,
    nickname: member.nickname,
    association,
    birthday: row?.birthday ?? null,
    // Absent until the member gives it (the contract's optional field).
    ...(row?.height !== null && row?.height !== undefined ? { height: row.height } : {}),
  };
}
