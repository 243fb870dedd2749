import { z } from 'zod/mini';
import { documented } from '../documented';
import { defineCall, operatorRoles } from '../define';
import { emailAddress, password } from '../fields';

const empty = z.strictObject({});

/** Six digits, as an authenticator app shows them (spaces and full-width digits forgiven). */
export const TOTP_DIGITS = 6;
export const totpCode = (label = '確認コード') =>
  documented(
    z.pipe(
      z.pipe(
        z.string({ error: `${label}を入力してください` }),
        z.transform((value) => value.normalize('NFKC').replace(/[\s-]/g, '')),
      ),
      z
        .string()
        .check(
          z.minLength(1, `${label}を入力してください`),
          z.regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), `${label}は${TOTP_DIGITS}桁の数字で入力してください`),
        ),
    ),
    {
      pattern: `^[0-9]{${TOTP_DIGITS}}$`,
      description: 'The six digits the authenticator app shows (spaces and full-width digits are forgiven).',
    },
  );

/**
 * Where the operator's sign-in stands: `signedOut`, `totpRequired` (password given, code to come),
 * `enrolmentRequired` (password given, no authenticator registered yet: only enrolment is open),
 * `signedIn` (both factors).
 */
export const operatorSessionStates = ['signedOut', 'totpRequired', 'enrolmentRequired', 'signedIn'] as const;
export type OperatorSessionState = (typeof operatorSessionStates)[number];

export const operatorRoleSchema = z.object({
  associationId: z.string(),
  associationName: z.string(),
  role: z.enum(operatorRoles),
});
export type OperatorAssociationRole = z.infer<typeof operatorRoleSchema>;

export const operatorProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(operatorRoleSchema),
});
export type OperatorProfile = z.infer<typeof operatorProfileSchema>;

export const getOperatorSession = defineCall({
  name: 'getOperatorSession',
  method: 'GET',
  access: 'operatorSignIn',
  summary:
    "The operator session's state and its authenticity token (an anonymous operator session and its cookie are created when there is none); the operator and their associations once signed in.",
  input: () => empty,
  output: () =>
    z.object({
      state: z.enum(operatorSessionStates),
      operator: z.nullable(operatorProfileSchema),
      authenticityToken: z.string(),
    }),
});

export const operatorSignIn = defineCall({
  name: 'operatorSignIn',
  method: 'POST',
  access: 'operatorSignIn',
  summary:
    'The password step of an operator sign-in: rotates the operator session, which then waits for the TOTP code (or, without an authenticator yet, for enrolment). Five wrong passwords or codes in a row lock the operator for 30 minutes.',
  input: () => z.object({ email: emailAddress(), password: password() }),
  output: () => z.object({ state: z.enum(['totpRequired', 'enrolmentRequired']) }),
});

export const verifyOperatorTotp = defineCall({
  name: 'verifyOperatorTotp',
  method: 'POST',
  access: 'operatorSignIn',
  summary: 'The second step: the current TOTP code (RFC 6238, 30 s, ±1 step, each code once) signs the operator in; the session rotates.',
  input: () => z.object({ code: totpCode() }),
  output: () => z.object({ state: z.literal('signedIn') }),
});

export const startOperatorTotpEnrolment = defineCall({
  name: 'startOperatorTotpEnrolment',
  method: 'POST',
  access: 'operatorSignIn',
  summary:
    'Enrolment of an operator without an authenticator (after the password step): a new secret for this session, as an otpauth:// URI, its QR code (SVG) and the secret as text. confirmOperatorTotpEnrolment with its first code registers it.',
  input: () => empty,
  output: () => z.object({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() }),
});

export const confirmOperatorTotpEnrolment = defineCall({
  name: 'confirmOperatorTotpEnrolment',
  method: 'POST',
  access: 'operatorSignIn',
  summary: "Registers the enrolment's secret with its first code and signs the operator in (the session rotates).",
  input: () => z.object({ code: totpCode() }),
  output: () => z.object({ state: z.literal('signedIn') }),
});

export const operatorSignOut = defineCall({
  name: 'operatorSignOut',
  method: 'POST',
  access: 'operatorSignIn',
  summary: 'Ends the operator session (signed in or halfway).',
  input: () => empty,
  output: () => z.object({ state: z.literal('signedOut') }),
});

/** The operators' own refusal codes (besides invalid_credentials, system_account_locked, operator_unauthenticated). */
export const OperatorErrorCodes = {
  /** Enrolment asked for by an operator who has an authenticator already (409). */
  totpAlreadyEnrolled: 'operator_totp_already_enrolled',
  /** A code to confirm enrolment, but no enrolment was started in this session (409). */
  enrolmentNotStarted: 'operator_enrolment_not_started',
} as const;
