import { z } from 'zod/mini';
import { defineCall } from '../define';
import { emailAddress } from '../fields';
import { mailLinkToken } from './email-checks';
import { newPassword } from './password-policy';

/* Password reset by a mail link (issue 4, "Password reset"). */

export const createPasswordReset = defineCall({
  name: 'createPasswordReset',
  method: 'POST',
  access: 'visitor',
  summary: 'Mails a single-use reset link (30 minutes) if the address is registered; the answer is the same either way.',
  input: () => z.object({ email: emailAddress() }),
  output: () => z.object({ status: z.literal('accepted') }),
});

export const updatePasswordByResetToken = defineCall({
  name: 'updatePasswordByResetToken',
  method: 'POST',
  access: 'visitor',
  summary: 'Sets a new password with the token of the reset link; every session of the account ends.',
  input: () => z.object({ token: mailLinkToken, password: newPassword('新しいパスワード') }),
  output: () => z.object({ status: z.literal('password_updated') }),
});
