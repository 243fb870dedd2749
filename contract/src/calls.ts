import { z } from 'zod';
import { defineCall } from './define';
import { cursor, emailAddress, integerInRange, isoTimestamp, nullableTimestamp, pageSize, password, pastMoment } from './fields';

const empty = z.object({}).strict();

// ---- system ---------------------------------------------------------------------------------

export const ping = defineCall({
  name: 'ping',
  method: 'GET',
  access: 'visitor',
  summary: 'Liveness of the bff and its database.',
  input: empty,
  output: z.object({ status: z.literal('ok'), time: isoTimestamp }),
});

// ---- session and account ------------------------------------------------------------------------

export const getAuthenticityTokenForClient = defineCall({
  name: 'getAuthenticityTokenForClient',
  method: 'GET',
  access: 'visitor',
  summary: "The session's authenticity token, sent back on every POST (X-CSRF-Token).",
  input: empty,
  output: z.object({ authenticityToken: z.string() }),
});

export const getSession = defineCall({
  name: 'getSession',
  method: 'GET',
  access: 'visitor',
  summary: 'The current-user/session read (spec §3): who is signed in (null for a visitor) and the browser id.',
  input: empty,
  output: z.object({ userId: z.string().nullable(), browserId: z.string() }),
});

export const getAuthState = defineCall({
  name: 'getAuthState',
  method: 'POST',
  access: 'visitor',
  summary: 'Expiry of the three step-up confirmations of this session (spec §3); null when never given.',
  input: empty,
  output: z.object({
    birthdayAuthExpireAt: nullableTimestamp,
    passwordAuthExpireAt: nullableTimestamp,
    mynaSecretQuestionExpireAt: nullableTimestamp,
  }),
});

export const signIn = defineCall({
  name: 'signIn',
  method: 'POST',
  access: 'visitor',
  summary:
    'Signs a member in with e-mail and password; rotates the session. With SMS two-factor on, no session starts yet: a code is sent and verifySignInCode completes it (userId null, mfaRequired true).',
  input: z.object({ email: emailAddress(), password: password() }),
  output: z.object({ userId: z.string().nullable(), mfaRequired: z.boolean() }),
});

export const getUserInfo = defineCall({
  name: 'getUserInfo',
  method: 'GET',
  access: 'member',
  summary: 'The signed-in member: who they are and their association.',
  input: empty,
  output: z.object({
    userId: z.string(),
    email: z.string(),
    nickname: z.string(),
    association: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** yyyy-MM-dd; null until given (organisation verification sets it from the roster). */
    birthday: z.string().nullable(),
  }),
});

// ---- vitals -------------------------------------------------------------------------------

export const bloodPressureSchema = z.object({
  id: z.string(),
  measuredAt: isoTimestamp,
  systolic: z.number(),
  diastolic: z.number(),
  pulse: z.number().nullable(),
  createdAt: isoTimestamp,
});
export type BloodPressure = z.infer<typeof bloodPressureSchema>;

export const bloodPressureInput = z
  .object({
    measuredAt: pastMoment('測定日時'),
    systolic: integerInRange('最高血圧', 60, 300, 'mmHg'),
    diastolic: integerInRange('最低血圧', 30, 200, 'mmHg'),
    pulse: integerInRange('脈拍', 20, 250, '回/分').nullish(),
  })
  .refine((value) => value.diastolic < value.systolic, {
    path: ['diastolic'],
    error: '最低血圧は最高血圧より低い値を入力してください',
  });

export const saveBloodPressure = defineCall({
  name: 'saveBloodPressure',
  method: 'POST',
  access: 'member',
  summary: 'Records one blood-pressure reading of the member.',
  input: bloodPressureInput,
  output: bloodPressureSchema,
});

export const listBloodPressures = defineCall({
  name: 'listBloodPressures',
  method: 'GET',
  access: 'member',
  summary: "The member's blood-pressure readings, newest first, a page at a time.",
  input: z.object({ cursor: cursor.optional(), limit: pageSize() }),
  output: z.object({ items: z.array(bloodPressureSchema), nextCursor: z.string().nullable() }),
});
