import type { CallOutput, ParsedInput } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { CallContext } from '../platform/handlers';
import { users } from '../db/schema';
import { audit } from '../platform/audit';
import { clearDeviceLocks } from './known-devices';
import { clearAddressLock } from './lockout';
import { findUsableToken, invalidToken, markTokenUsed } from './one-time-tokens';
import { unlockUser } from './users';

export const INVALID_UNLOCK_LINK =
  'このロック解除用のリンクは無効です。有効期限（30分）が切れているか、すでに使われています。ロックは30分で自動的に解除されます。お急ぎの場合は、パスワードを再設定してください。';

/**
 * Ends the sign-in lock with the link of the lock mail: the link proves the mailbox, as a reset
 * link does. The link works once; nobody is signed in.
 */
export async function unlockAccount(
  input: ParsedInput<'unlockAccount'>,
  context: CallContext<'visitor'>,
): Promise<CallOutput<'unlockAccount'>> {
  const { actor, db, now } = context;
  await db.transaction(async (tx) => {
    const row = await findUsableToken(tx, 'account_unlock', input.token, now);
    if (!row) throw invalidToken(INVALID_UNLOCK_LINK);
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    // Sent to an address the account no longer has: proves nothing about it.
    if (!user || user.email !== row.email) throw invalidToken(INVALID_UNLOCK_LINK);
    await markTokenUsed(tx, row.id, now);
    await clearAddressLock(tx, user.email);
    await clearDeviceLocks(tx, row.userId, now);
    await unlockUser(tx, row.userId);
    await audit(tx, actor, 'account_unlocked', row.userId, {}, now);
  });
  return { status: 'unlocked' };
}
