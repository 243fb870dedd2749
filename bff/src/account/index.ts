import type { Handlers } from '../platform/handlers';
import { agreementHandlers } from './agreements-handlers';
import { emailChangeHandlers } from './email-change-handlers';
import { memberHandlers } from './member-handlers';
import { operatorMemberHandlers } from './operator-members';
import { orgVerificationHandlers } from './org-verification-handlers';
import { passwordResetHandlers } from './password-reset-handlers';
import { settingsHandlers } from './settings-handlers';
import { signupHandlers } from './signup-handlers';
import { smsMfaHandlers } from './sms-mfa-handlers';
import { stepUpHandlers } from './step-up-handlers';

/** Every handler of the account area's calls (contract/src/account), as one record for app.ts. */
export const accountHandlers = {
  ...memberHandlers,
  ...orgVerificationHandlers,
  ...agreementHandlers,
  ...settingsHandlers,
  ...signupHandlers,
  ...passwordResetHandlers,
  ...emailChangeHandlers,
  ...smsMfaHandlers,
  ...stepUpHandlers,
  ...operatorMemberHandlers,
} satisfies Partial<Handlers>;

export { logoutRoute } from './logout';
export { memberDataExportRoute } from './member-data-route';
