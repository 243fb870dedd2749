import type { Handlers } from '../platform/handlers';
import { activateEmailChange, createEmailChange, getUserEmail, resendEmailChange } from './email-change';

export const emailChangeHandlers = {
  getUserEmail: (_input, context) => getUserEmail(context.member, context),
  createUserEmailChange: (input, context) => createEmailChange(input, context),
  resendMailUserEmailChange: (_input, context) => resendEmailChange(context),
  activateUserEmailChange: (input, context) => activateEmailChange(input, context),
} satisfies Partial<Handlers>;
