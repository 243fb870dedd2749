import type { Handlers } from '../platform/handlers';
import { getUserInfo } from './members';
import { signIn } from './sign-in';

export const memberHandlers = {
  // The password step; with SMS two-factor on, verifySignInCode completes it (sign-in.ts).
  signIn: (input, context) => signIn(input, context),

  async getUserInfo(_input, { db, member }) {
    return getUserInfo(db, member);
  },
} satisfies Partial<Handlers>;
