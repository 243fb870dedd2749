import type { Handlers } from '../platform/handlers';
import { createPasswordReset, updatePasswordByResetToken } from './password-reset';

export const passwordResetHandlers = {
  createPasswordReset: (input, context) => createPasswordReset(input, context),
  updatePasswordByResetToken: (input, context) => updatePasswordByResetToken(input, context),
} satisfies Partial<Handlers>;
