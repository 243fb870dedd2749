import type { Handlers } from '../platform/handlers';
import { verifySignInCode } from './sign-in';
import { confirmSmsMfaSetup, disableSmsMfa, getSmsMfaSetting, sendSmsMfaSetupCode } from './sms-mfa';

export const smsMfaHandlers = {
  verifySignInCode: (input, context) => verifySignInCode(input, context),
  getSmsMfaSetting: (_input, context) => getSmsMfaSetting(context),
  sendSmsMfaSetupCode: (input, context) => sendSmsMfaSetupCode(input, context),
  confirmSmsMfaSetup: (input, context) => confirmSmsMfaSetup(input, context),
  disableSmsMfa: (_input, context) => disableSmsMfa(context),
} satisfies Partial<Handlers>;
