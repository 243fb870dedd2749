import type { Handlers } from '../platform/handlers';
import { authenticateBirthday, authenticateUserPassword } from './step-up-confirmations';

export const stepUpHandlers = {
  authenticateUserPassword: (input, context) => authenticateUserPassword(input, context),
  authenticateBirthday: (input, context) => authenticateBirthday(input, context),
} satisfies Partial<Handlers>;
