import { randomInt } from 'node:crypto';
import { ErrorCodes, SMS_CODE_LENGTH, SMS_CODE_MAX_ATTEMPTS, SMS_CODE_TTL_MINUTES } from '@sukoyaka/contract';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { smsCodes } from '../db/schema';
import { HttpError } from '../platform/errors';
import { safeEqual, sha256 } from '../lib/tokens';
import { enqueueSms } from '../platform/outbox';

export type SmsCodePurpose = (typeof smsCodes.$inferSelect)['purpose'];

export const SMS_CODE_TTL_MS = SMS_CODE_TTL_MINUTES * 60 * 1000;

/**
 * Codes one member may be sent in a rolling hour, whatever their purpose. Each SMS costs money
 * and a number typed at /mfa/setting/sms/new is anyone's phone: without a cap a signed-in
 * account could be used to flood a stranger (or run up the bill, "SMS pumping").
 */
export const SMS_SEND_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 } as const;

/** Six digits from the CSPRNG, leading zeros kept. */
export function generateSmsCode(): string {
  return randomInt(0, 10 ** SMS_CODE_LENGTH)
    .toString()
    .padStart(SMS_CODE_LENGTH, '0');
}

// Only a hash is stored, so the table alone does not hand out live codes.
const hashCode = (code: string) => sha256(`sms-code:${code}`);

/**
 * Stores a new code for the member and returns it in plain text for the SMS. The member's
 * earlier live codes of the same purpose end now: only the newest code works. The caller sends
 * the SMS once the transaction has committed.
 */
export async function issueSmsCode(
  tx: Executor,
  options: { userId: string; purpose: SmsCodePurpose; phoneNumber: string; now: Date },
): Promise<{ code: string; expiresAt: Date }> {
  const { userId, purpose, phoneNumber, now } = options;
  const since = new Date(now.getTime() - SMS_SEND_LIMIT.windowMs);
  const [sent] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(smsCodes)
    .where(and(eq(smsCodes.userId, userId), gt(smsCodes.createdAt, since)));
  if ((sent?.count ?? 0) >= SMS_SEND_LIMIT.max) {
    throw new HttpError(
      429,
      ErrorCodes.tooManyRequests,
      'SMSの送信回数が上限に達しました。1時間ほど時間をおいてから、もう一度お試しください。',
    );
  }
  await tx
    .update(smsCodes)
    .set({ expiresAt: now })
    .where(and(eq(smsCodes.userId, userId), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)));
  const code = generateSmsCode();
  const expiresAt = new Date(now.getTime() + SMS_CODE_TTL_MS);
  await tx.insert(smsCodes).values({ purpose, userId, phoneNumber, codeHash: hashCode(code), expiresAt, createdAt: now });
  return { code, expiresAt };
}

export type SmsCodeCheck =
  | { status: 'ok'; phoneNumber: string }
  /** `triesLeft` 0: that was the last try, the code is dead. */
  | { status: 'wrong'; triesLeft: number }
  /** No live code: never sent, expired, superseded, used, or out of tries. */
  | { status: 'expired' };

/**
 * Checks a code against the member's newest live code of the purpose. A try is taken before the
 * comparison, in one conditional UPDATE, so parallel guesses cannot get more than five tries.
 * The caller runs it in a transaction that commits a wrong try too.
 */
export async function checkSmsCode(
  tx: Executor,
  options: { userId: string; purpose: SmsCodePurpose; code: string; now: Date },
): Promise<SmsCodeCheck> {
  const { userId, purpose, code, now } = options;
  const live = and(
    eq(smsCodes.userId, userId),
    eq(smsCodes.purpose, purpose),
    isNull(smsCodes.usedAt),
    gt(smsCodes.expiresAt, now),
    lt(smsCodes.attempts, SMS_CODE_MAX_ATTEMPTS),
  );
  const [latest] = await tx.select({ id: smsCodes.id }).from(smsCodes).where(live).orderBy(desc(smsCodes.createdAt)).limit(1);
  if (!latest) return { status: 'expired' };
  const [tried] = await tx
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, latest.id), live))
    .returning({ attempts: smsCodes.attempts, codeHash: smsCodes.codeHash, phoneNumber: smsCodes.phoneNumber });
  if (!tried) return { status: 'expired' };
  if (!safeEqual(tried.codeHash, hashCode(code))) return { status: 'wrong', triesLeft: SMS_CODE_MAX_ATTEMPTS - tried.attempts };
  const [used] = await tx
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  return used ? { status: 'ok', phoneNumber: tried.phoneNumber } : { status: 'expired' };
}

/** Ends every live code of the member (SMS two-factor turned off). */
export async function expireSmsCodes(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx
    .update(smsCodes)
    .set({ expiresAt: now })
    .where(and(eq(smsCodes.userId, userId), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)));
}

/** The 400 a code that cannot be used any more answers with, under the code field. */
export function codeExpired(): HttpError {
  const message = '認証コードの有効期限が切れています。新しい認証コードを送信してください。';
  return new HttpError(400, ErrorCodes.invalidParameters, message, { code: [message] });
}

/** The 400 a wrong code answers with; `extra` adds e.g. the lock warning. */
export function codeWrong(triesLeft: number, extra = ''): HttpError {
  const message =
    triesLeft > 0
      ? `認証コードが正しくありません。${extra}`
      : `認証コードが正しくありません。このコードは使えなくなりました。新しい認証コードを送信してください。${extra}`;
  return new HttpError(400, ErrorCodes.invalidParameters, message, { code: [message] });
}

const purposeText: Record<SmsCodePurpose, string> = {
  phone_setup: '電話番号の確認コード',
  sign_in: 'ログイン認証コード',
};

/**
 * The SMS itself. The last line is the WebOTP / iOS one-time-code format (`@host #code`), so the
 * member's phone can offer the code in the form without copying it.
 */
export function smsCodeMessage(config: Config, purpose: SmsCodePurpose, code: string): string {
  const host = new URL(config.publicUrl).hostname;
  return `【すこやか】${purposeText[purpose]}: ${code}\n${SMS_CODE_TTL_MINUTES}分以内に入力してください。このコードは誰にも教えないでください。\n\n@${host} #${code}`;
}

/**
 * Enqueues the SMS in the transaction that issued the code. It is sent after the commit; once the
 * code has expired it is not sent at all (a late code is of no use).
 */
export async function enqueueSmsCode(
  tx: Executor,
  config: Config,
  issued: { to: string; purpose: SmsCodePurpose; code: string; expiresAt: Date; now: Date },
): Promise<void> {
  await enqueueSms(
    tx,
    { to: issued.to, body: smsCodeMessage(config, issued.purpose, issued.code) },
    { kind: `sms_${issued.purpose}`, now: issued.now, discardAfter: issued.expiresAt },
  );
}
