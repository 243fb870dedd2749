import { ErrorCodes, maskPhoneNumber, type CallOutput, type ParsedInput, type SmsMfaSetting } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { CallContext } from '../platform/handlers';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../platform/errors';
import { audit } from '../platform/audit';
import { checkSmsCode, codeExpired, codeWrong, enqueueSmsCode, expireSmsCodes, issueSmsCode } from './sms-codes';
import { clearSmsMfa, setSmsMfaPhone } from './users';

/*
 * SMS two-factor settings (/mfa/setting/sms/*). The contract marks the three changes with
 * `stepUp: 'password'`: the routes refuse them without a fresh password confirmation.
 */

async function currentSetting(db: Executor, userId: string): Promise<{ phoneNumber: string | null; enabled: boolean }> {
  const [row] = await db
    .select({ phoneNumber: users.phoneNumber, enabledAt: users.smsMfaEnabledAt })
    .from(users)
    .where(eq(users.id, userId));
  const enabled = Boolean(row?.enabledAt && row.phoneNumber);
  return { phoneNumber: enabled ? row!.phoneNumber : null, enabled };
}

function asSetting(setting: { phoneNumber: string | null; enabled: boolean }): SmsMfaSetting {
  return { enabled: setting.enabled, phoneNumberMasked: setting.phoneNumber ? maskPhoneNumber(setting.phoneNumber) : null };
}

export async function getSmsMfaSetting(context: CallContext<'member'>): Promise<CallOutput<'getSmsMfaSetting'>> {
  return asSetting(await currentSetting(context.db, context.member.id));
}

/** Sends a code to the number to register; it is registered only once the code comes back. */
export async function sendSmsMfaSetupCode(
  input: ParsedInput<'sendSmsMfaSetupCode'>,
  context: CallContext<'member'>,
): Promise<CallOutput<'sendSmsMfaSetupCode'>> {
  const { db, config, member, now } = context;
  const expiresAt = await db.transaction(async (tx) => {
    const current = await currentSetting(tx, member.id);
    if (current.enabled && current.phoneNumber === input.phoneNumber) {
      const message = '現在登録されている電話番号です。変更する場合は、別の電話番号を入力してください。';
      throw new HttpError(400, ErrorCodes.invalidParameters, message, { phoneNumber: [message] });
    }
    const issued = await issueSmsCode(tx, { userId: member.id, purpose: 'phone_setup', phoneNumber: input.phoneNumber, now });
    await enqueueSmsCode(tx, config, { to: input.phoneNumber, purpose: 'phone_setup', ...issued, now });
    return issued.expiresAt;
  });
  return { phoneNumberMasked: maskPhoneNumber(input.phoneNumber), expiresAt: expiresAt.toISOString() };
}

/** The code received proves the phone: SMS two-factor turns on, or moves to the new number. */
export async function confirmSmsMfaSetup(
  input: ParsedInput<'confirmSmsMfaSetup'>,
  context: CallContext<'member'>,
): Promise<CallOutput<'confirmSmsMfaSetup'>> {
  const { actor, db, member, now } = context;
  const outcome = await db.transaction(async (tx) => {
    const check = await checkSmsCode(tx, { userId: member.id, purpose: 'phone_setup', code: input.code, now });
    if (check.status !== 'ok') return check;
    const before = await currentSetting(tx, member.id);
    await setSmsMfaPhone(tx, member.id, check.phoneNumber, before.enabled ? undefined : now);
    const to = maskPhoneNumber(check.phoneNumber);
    if (before.enabled) await audit(tx, actor, 'mfa_changed', member.id, { from: maskPhoneNumber(before.phoneNumber!), to }, now);
    else await audit(tx, actor, 'mfa_enabled', member.id, { phoneNumber: to }, now);
    return { status: 'ok' as const, setting: { enabled: true, phoneNumber: check.phoneNumber } };
  });
  if (outcome.status === 'expired') throw codeExpired();
  if (outcome.status === 'wrong') throw codeWrong(outcome.triesLeft);
  return asSetting(outcome.setting);
}

/** Turns SMS two-factor off; the number is forgotten with it (it served nothing else). */
export async function disableSmsMfa(context: CallContext<'member'>): Promise<CallOutput<'disableSmsMfa'>> {
  const { actor, db, member, now } = context;
  await db.transaction(async (tx) => {
    const before = await currentSetting(tx, member.id);
    await clearSmsMfa(tx, member.id);
    await expireSmsCodes(tx, member.id, now);
    if (before.enabled) await audit(tx, actor, 'mfa_disabled', member.id, { phoneNumber: maskPhoneNumber(before.phoneNumber!) }, now);
  });
  return { enabled: false, phoneNumberMasked: null };
}
