import { z } from 'zod/mini';
import { defineCall } from '../define';
import { mailLinkToken } from './email-checks';

/*
 * Unlocking an account from the link of the lock mail (issue 8): five wrong passwords from
 * browsers that have never signed in to the account lock it for such browsers, and the member is
 * mailed a single-use link that ends the lock at once.
 */

export const unlockAccount = defineCall({
  name: 'unlockAccount',
  method: 'POST',
  access: 'visitor',
  summary: 'Ends the sign-in lock of the account with the token of the lock mail; the link works once. Signs nobody in.',
  input: () => z.object({ token: mailLinkToken }),
  output: () => z.object({ status: z.literal('unlocked') }),
});
