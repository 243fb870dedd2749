import { z } from 'zod/mini';
import { documented } from '../documented';
import { defineCall } from '../define';
import { mailLinkToken, ownEmailAddress } from './email-checks';
import { newPassword, refinePasswordAgainstEmail } from './password-policy';

/*
 * Sign-up and e-mail verification (issue 4, "Sign-up"). Every answer is the same whether or not
 * the address is registered: the owner of a registered address is told by mail instead.
 */

const empty = z.strictObject({});

export const validateEmail = defineCall({
  name: 'validateEmail',
  method: 'GET',
  access: 'visitor',
  summary: 'Checks the format and domain of an address as the member types it; never whether it is registered.',
  input: () =>
    z.object({
      email: z
        .string({ error: 'メールアドレスを入力してください' })
        .check(z.maxLength(1000, 'メールアドレスは254文字以内で入力してください')),
    }),
  output: () => z.object({ valid: z.boolean(), message: z.optional(z.string()) }),
});

export const signUpInput = documented(
  z
    .object({
      email: ownEmailAddress(),
      password: newPassword(),
      agreedToTerms: z.literal(true, { error: '利用規約への同意が必要です' }),
    })
    .check(z.superRefine(refinePasswordAgainstEmail())),
  { description: 'The password may not contain the local part of the address (when it has 4 characters or more).' },
);

export const signUp = defineCall({
  name: 'signUp',
  method: 'POST',
  access: 'visitor',
  summary: 'Creates an account, signs it in and mails a verification link; a registered address gets the same answer.',
  input: () => signUpInput,
  output: () => z.object({ status: z.literal('verification_sent') }),
});

const verificationMailOutput = z.object({ status: z.enum(['verification_sent', 'already_verified']) });

export const createUserEmailVerification = defineCall({
  name: 'createUserEmailVerification',
  method: 'POST',
  access: 'account',
  summary: 'Mails a fresh verification link to the account’s address (older links stop working); one mail a minute.',
  input: () => empty,
  output: () => verificationMailOutput,
});

export const resendMailUserEmailVerification = defineCall({
  name: 'resendMailUserEmailVerification',
  method: 'POST',
  access: 'account',
  summary: 'Sends the verification mail again with a fresh link; one mail a minute.',
  input: () => empty,
  output: () => verificationMailOutput,
});

export const activateUserEmailVerification = defineCall({
  name: 'activateUserEmailVerification',
  method: 'POST',
  access: 'visitor',
  summary: 'Marks the address verified with the token of the verification link (single use, 24 hours).',
  input: () => z.object({ token: mailLinkToken }),
  output: () => z.object({ status: z.literal('verified') }),
});
