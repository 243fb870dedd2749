import { ErrorCodes } from '@sukoyaka/contract';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { oneTimeTokens } from '../db/schema';
import { HttpError } from '../platform/errors';
import { randomToken, sha256 } from '../lib/tokens';

/*
 * The single-use links sent by mail (e-mail verification, password reset, e-mail change): only
 * the SHA-256 of a token is stored; a link works once, until it expires or a newer link of the
 * same purpose is sent. One mail a minute per account and purpose.
 */

export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];
export type TokenRow = typeof oneTimeTokens.$inferSelect;

const MINUTE = 60 * 1000;

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  email_verification: 24 * 60 * MINUTE,
  password_reset: 30 * MINUTE,
  email_change: 24 * 60 * MINUTE,
  // As long as the lock it ends.
  account_unlock: 30 * MINUTE,
};

/** At most one mail a minute per account and purpose, so nobody can flood a mailbox through us. */
export const MAIL_INTERVAL_MS = MINUTE;

/** Seconds until the account may be sent another mail of this purpose; 0 when it may now. */
export async function secondsUntilNextMail(db: Executor, userId: string, purpose: TokenPurpose, now: Date): Promise<number> {
  const [latest] = await db
    .select({ createdAt: oneTimeTokens.createdAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose)))
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  if (!latest) return 0;
  const waitMs = latest.createdAt.getTime() + MAIL_INTERVAL_MS - now.getTime();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

export const tooManyMails = (seconds: number) =>
  new HttpError(429, ErrorCodes.tooManyRequests, `メールは1分に1回まで送信できます。${seconds}秒ほど待ってから、もう一度お試しください。`);

/**
 * A new link for the account: the older unused links of the same purpose stop working (their
 * expiry is moved to now), so only the newest mail counts.
 */
export async function issueToken(
  db: Executor,
  fields: { userId: string; purpose: TokenPurpose; email: string; now: Date },
): Promise<{ id: string; token: string }> {
  const { userId, purpose, email, now } = fields;
  await supersedeTokens(db, userId, [purpose], now);
  const token = randomToken();
  const [row] = await db
    .insert(oneTimeTokens)
    .values({
      purpose,
      userId,
      email,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
    })
    .returning({ id: oneTimeTokens.id });
  return { id: row!.id, token };
}

/** Ends every still-usable link of these purposes of the account. */
export async function supersedeTokens(db: Executor, userId: string, purposes: TokenPurpose[], now: Date): Promise<void> {
  for (const purpose of purposes) {
    await db
      .update(oneTimeTokens)
      .set({ expiresAt: now })
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, now),
        ),
      );
  }
}

/**
 * The usable link named by a token (unused, unexpired, of this purpose), locked for the
 * transaction so that two requests with the same link cannot both use it.
 */
export async function findUsableToken(db: Executor, purpose: TokenPurpose, token: string, now: Date): Promise<TokenRow | null> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function markTokenUsed(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(oneTimeTokens).set({ usedAt: now }).where(eq(oneTimeTokens.id, id));
}

/** The newest usable link of a purpose, e.g. the e-mail change waiting for confirmation. */
export async function latestUsableToken(db: Executor, userId: string, purpose: TokenPurpose, now: Date): Promise<TokenRow | null> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return row ?? null;
}

export function invalidToken(message: string): HttpError {
  return new HttpError(400, ErrorCodes.invalidToken, message);
}
