import { z } from 'zod/mini';
import { documented } from '../documented';
import { defineCall } from '../define';
import { mailLinkToken, ownEmailAddress } from './email-checks';

/* Changing the account's e-mail address (issue 4, "E-mail change"). */

export const getUserEmail = defineCall({
  name: 'getUserEmail',
  method: 'GET',
  access: 'account',
  summary: 'The account’s address, and the new one waiting for its confirmation link to be opened (or null).',
  input: () => z.strictObject({}),
  output: () => z.object({ email: z.string(), pendingEmail: z.nullable(z.string()) }),
});

export const createUserEmailChange = defineCall({
  name: 'createUserEmailChange',
  method: 'POST',
  access: 'member',
  stepUp: 'password',
  summary: 'Mails a confirmation link (24 hours) to the new address; needs a fresh password confirmation.',
  input: () =>
    z.object({
      email: documented(ownEmailAddress('新しいメールアドレス'), { 'x-state-dependent': "Not the member's current address." }),
    }),
  output: () => z.object({ status: z.literal('confirmation_sent') }),
});

export const resendMailUserEmailChange = defineCall({
  name: 'resendMailUserEmailChange',
  method: 'POST',
  access: 'member',
  summary: 'Sends the confirmation mail to the pending new address again with a fresh link; one mail a minute.',
  input: () => z.strictObject({}),
  output: () => z.object({ status: z.literal('confirmation_sent') }),
});

export const activateUserEmailChange = defineCall({
  name: 'activateUserEmailChange',
  method: 'POST',
  access: 'visitor',
  summary: 'Switches the address to the new one with the token of the confirmation link; the old address is told.',
  input: () => z.object({ token: mailLinkToken }),
  output: () => z.object({ status: z.literal('email_changed'), email: z.string() }),
});
