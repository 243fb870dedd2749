import type { Handlers } from '../platform/handlers';
import { createPasswordReset, updatePasswordByResetToken } from './password-reset';
import { unlockAccount } from './unlock';

export const passwordResetHandlers = {
  createPasswordReset: (input, context) => createPasswordReset(input, context),
  updatePasswordByResetToken: (input, context) => updatePasswordByResetToken(input, context),
  unlockAccount: (input, context) => unlockAccount(input, context),
} satisfies Partial<Handlers>;
