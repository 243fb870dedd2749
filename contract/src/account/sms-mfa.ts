import { z } from 'zod/mini';
import { documented } from '../documented';
import { defineCall } from '../define';
import { isoTimestamp } from '../fields';
import { SMS_CODE_LENGTH } from '../account-terms';

/*
 * SMS two-factor authentication (spec §1 "SMS multi-factor setting", §2 /mfa/setting/sms/*):
 * a Japanese mobile number confirmed by a six-digit code, and the second step of sign-in once
 * it is on. Registering, changing and turning it off need a fresh password confirmation.
 */

/** Japanese mobile numbers: 060, 070, 080 and 090, then eight digits. */
const NATIONAL_MOBILE = /^0[6-9]0\d{8}$/;

/**
 * What a member types as a phone number, as they type it: full-width digits, hyphens of any kind,
 * spaces, brackets, "+81" with or without the trunk 0 ("+81 (0)90-…").
 */
function compactPhoneNumber(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/\(0\)/g, '')
    .replace(/[\s()\-‐‑‒–—―−ー－]/g, '');
}

/**
 * A Japanese mobile number in any usual notation (090-1234-5678, 09012345678, +81 90 1234 5678,
 * ０９０－１２３４－５６７８), normalised to E.164 (+819012345678), the form the SMS provider and
 * the database use. Landlines cannot receive SMS and are refused.
 */
export function japaneseMobileNumber(label = '電話番号') {
  const invalid = `${label}は携帯電話の番号（例: 090-1234-5678）を入力してください`;
  return documented(mobileNumber(label, invalid), {
    pattern: '^(0[6-9]0-?[0-9]{4}-?[0-9]{4}|\\+81[6-9]0[0-9]{8})$',
    description:
      'A Japanese mobile number (060, 070, 080, 090): 090-1234-5678, 09012345678 or +819012345678 (other usual notations are also taken).',
  });
}

function mobileNumber(label: string, invalid: string) {
  return z.pipe(
    z
      .string({ error: `${label}を入力してください` })
      .check(z.trim(), z.minLength(1, `${label}を入力してください`), z.maxLength(30, invalid)),
    // mini's transform has no ctx.addIssue: the issue goes into the payload as classic's would put it.
    z.transform((value: string, ctx) => {
      const compact = compactPhoneNumber(value);
      const national = compact.startsWith('+81') ? `0${compact.slice(3).replace(/^0/, '')}` : compact;
      if (!NATIONAL_MOBILE.test(national)) {
        ctx.issues.push({ code: 'custom', message: invalid, input: value });
        return z.NEVER;
      }
      return `+81${national.slice(1)}`;
    }),
  );
}

/** The six digits a member copies from the SMS; full-width digits and spaces are forgiven. */
export function smsCode(label = '認証コード') {
  return documented(smsCodeUndocumented(label), {
    pattern: `^[0-9]{${SMS_CODE_LENGTH}}$`,
    description: 'The six digits of the SMS (spaces and full-width digits are forgiven).',
  });
}

function smsCodeUndocumented(label: string) {
  return z.pipe(
    z.pipe(
      z.string({ error: `${label}を入力してください` }),
      z.transform((value) => value.normalize('NFKC').replace(/[\s-]/g, '')),
    ),
    z
      .string()
      .check(
        z.minLength(1, { error: `${label}を入力してください`, abort: true }),
        z.regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), `${label}は${SMS_CODE_LENGTH}桁の数字で入力してください`),
      ),
  );
}

const SMS_CODE_STATE = 'The code of the last SMS, unexpired and not used up (a wrong or expired code is refused under this field).';

/** +819012345678 → 090-****-5678: enough for the member to recognise their own phone. */
export function maskPhoneNumber(e164: string): string {
  const national = e164.startsWith('+81') ? `0${e164.slice(3)}` : e164;
  if (national.length < 8) return '****';
  return `${national.slice(0, 3)}-****-${national.slice(-4)}`;
}

const smsMfaSettingSchema = z.object({
  enabled: z.boolean(),
  /** The registered number, masked (090-****-5678); null while SMS two-factor is off. */
  phoneNumberMasked: z.nullable(z.string()),
});
export type SmsMfaSetting = z.infer<typeof smsMfaSettingSchema>;

export const getSmsMfaSetting = defineCall({
  name: 'getSmsMfaSetting',
  method: 'GET',
  access: 'member',
  summary: "Whether the member's SMS two-factor authentication is on, and the masked number it sends to.",
  input: () => z.strictObject({}),
  output: () => smsMfaSettingSchema,
});

export const sendSmsMfaSetupCode = defineCall({
  name: 'sendSmsMfaSetupCode',
  method: 'POST',
  access: 'member',
  stepUp: 'password',
  summary: 'Sends a six-digit code to the phone number to register (or to change to); the previous code stops working.',
  input: () =>
    z.object({
      phoneNumber: documented(japaneseMobileNumber(), { 'x-state-dependent': 'Not the number registered already.' }),
    }),
  output: () => z.object({ phoneNumberMasked: z.string(), expiresAt: isoTimestamp }),
});

export const confirmSmsMfaSetup = defineCall({
  name: 'confirmSmsMfaSetup',
  method: 'POST',
  access: 'member',
  stepUp: 'password',
  summary: 'Confirms the number with the code it received: turns SMS two-factor on, or changes its number when already on.',
  input: () => z.object({ code: documented(smsCode(), { 'x-state-dependent': SMS_CODE_STATE }) }),
  output: () => smsMfaSettingSchema,
});

export const disableSmsMfa = defineCall({
  name: 'disableSmsMfa',
  method: 'POST',
  access: 'member',
  stepUp: 'password',
  summary: 'Turns SMS two-factor authentication off and forgets the number.',
  input: () => z.strictObject({}),
  output: () => smsMfaSettingSchema,
});

export const verifySignInCode = defineCall({
  name: 'verifySignInCode',
  method: 'POST',
  access: 'visitor',
  summary: 'The second step of signIn when SMS two-factor is on: the code sent by SMS completes sign-in and rotates the session.',
  input: () => z.object({ code: documented(smsCode(), { 'x-state-dependent': SMS_CODE_STATE }) }),
  output: () => z.object({ userId: z.string() }),
});
