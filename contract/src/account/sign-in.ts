import { z } from 'zod/mini';
import { defineCall } from '../define';
import { emailAddress, password } from '../fields';

const empty = z.strictObject({});

export const signIn = defineCall({
  name: 'signIn',
  method: 'POST',
  access: 'visitor',
  summary:
    'Signs a member in with e-mail and password; rotates the session. With SMS two-factor on, no session starts yet: a code is sent and verifySignInCode completes it (userId null, mfaRequired true).',
  input: () => z.object({ email: emailAddress(), password: password() }),
  output: () => z.object({ userId: z.nullable(z.string()), mfaRequired: z.boolean() }),
});

export const getUserInfo = defineCall({
  name: 'getUserInfo',
  method: 'GET',
  access: 'member',
  summary: 'The signed-in member: who they are and their association.',
  input: () => empty,
  output: () =>
    z.object({
      userId: z.string(),
      email: z.string(),
      nickname: z.string(),
      association: z.nullable(z.object({ id: z.string(), name: z.string() })),
      /** yyyy-MM-dd; null until given (organisation verification sets it from the roster). */
      birthday: z.nullable(z.string()),
      /** cm, to 0.1; absent until given in the profile (updateProfile). */
      height: z.optional(z.number()),
    }),
});
