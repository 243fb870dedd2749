import type { Handlers } from '../platform/handlers';
import { activateEmailVerification, sendVerificationMail, signUp, validateEmail } from './signup';

export const signupHandlers = {
  validateEmail: async (input) => validateEmail(input),
  signUp: (input, context) => signUp(input, context),
  createUserEmailVerification: (_input, context) => sendVerificationMail(context.member, context),
  resendMailUserEmailVerification: (_input, context) => sendVerificationMail(context.member, context),
  activateUserEmailVerification: (input, context) => activateEmailVerification(input, context),
} satisfies Partial<Handlers>;
