import type { z } from 'zod';
import * as definitions from './calls';
import * as emailChange from './account/email-change';
import * as passwordReset from './account/password-reset';
import * as signup from './account/signup';
import * as smsMfa from './account/sms-mfa';
import * as stepUp from './account/step-up';
import * as orgVerification from './account/org-verification';
import * as agreements from './account/agreements';
import * as navigation from './account/navigation';
import * as accountSettings from './account/settings';
import type { CallDefinition } from './define';

export * from './define';
export * from './errors';
export * from './fields';
export * from './routes';
export { bloodPressureInput, bloodPressureSchema } from './calls';
export type { BloodPressure } from './calls';
export * from './account/password-policy';
export { DOMAIN_TYPOS, emailDomainProblem, mailLinkToken, ownEmailAddress } from './account/email-checks';
export { signUpInput } from './account/signup';
export {
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_MINUTES,
  japaneseMobileNumber,
  maskPhoneNumber,
  smsCode,
} from './account/sms-mfa';
export type { SmsMfaSetting } from './account/sms-mfa';
export { pastCalendarDate } from './account/step-up';

export {
  ORG_ALREADY_LINKED_MESSAGE,
  ORG_NO_MATCH_MESSAGE,
  ORG_TOO_MANY_ATTEMPTS_MESSAGE,
  OrgVerificationErrorCodes,
  birthDate,
  insurerNumber,
  memberNumber,
  memberSymbol,
  normalizeCardDigits,
  normalizeCardText,
  recordId,
  rosterIdentityInput,
  verifyOrganizationInput,
} from './account/org-verification';
export type { VerifyOrganizationInput } from './account/org-verification';
export {
  AGREEMENT_NOT_WITHDRAWABLE_MESSAGE,
  AGREEMENT_OUTDATED_MESSAGE,
  AgreementErrorCodes,
  agreementDocumentSchema,
  agreementKinds,
  requiredAgreementKinds,
} from './account/agreements';
export type { AgreementDocument, AgreementKind, AssociationAgreements } from './account/agreements';
export type { NavigationNext } from './account/navigation';
export { nickname, notificationCategories, notificationSettingsSchema } from './account/settings';
export type { NotificationCategory, NotificationSettings } from './account/settings';

/** Every call, by name. The bff registers one route per entry; the client one function per entry. */
export const calls = {
  ping: definitions.ping,
  getAuthenticityTokenForClient: definitions.getAuthenticityTokenForClient,
  getSession: definitions.getSession,
  getAuthState: definitions.getAuthState,
  signIn: definitions.signIn,
  getUserInfo: definitions.getUserInfo,
  saveBloodPressure: definitions.saveBloodPressure,
  listBloodPressures: definitions.listBloodPressures,
  validateEmail: signup.validateEmail,
  signUp: signup.signUp,
  createUserEmailVerification: signup.createUserEmailVerification,
  resendMailUserEmailVerification: signup.resendMailUserEmailVerification,
  activateUserEmailVerification: signup.activateUserEmailVerification,
  createPasswordReset: passwordReset.createPasswordReset,
  updatePasswordByResetToken: passwordReset.updatePasswordByResetToken,
  getUserEmail: emailChange.getUserEmail,
  createUserEmailChange: emailChange.createUserEmailChange,
  resendMailUserEmailChange: emailChange.resendMailUserEmailChange,
  activateUserEmailChange: emailChange.activateUserEmailChange,
  verifySignInCode: smsMfa.verifySignInCode,
  getSmsMfaSetting: smsMfa.getSmsMfaSetting,
  sendSmsMfaSetupCode: smsMfa.sendSmsMfaSetupCode,
  confirmSmsMfaSetup: smsMfa.confirmSmsMfaSetup,
  disableSmsMfa: smsMfa.disableSmsMfa,
  authenticateUserPassword: stepUp.authenticateUserPassword,
  authenticateBirthday: stepUp.authenticateBirthday,
  verifyOrganization: orgVerification.verifyOrganization,
  listUserAssociationsByUserID: orgVerification.listUserAssociationsByUserID,
  getAssociation: orgVerification.getAssociation,
  listAssociationAgreements: agreements.listAssociationAgreements,
  agreeAssociationAgreements: agreements.agreeAssociationAgreements,
  withdrawAssociationAgreement: agreements.withdrawAssociationAgreement,
  getNavigationInfo: navigation.getNavigationInfo,
  getNotificationSettings: accountSettings.getNotificationSettings,
  updateNotificationSettings: accountSettings.updateNotificationSettings,
  updateProfile: accountSettings.updateProfile,
} as const satisfies Record<string, CallDefinition>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
/** What the caller sends (before defaults and coercion). */
export type CallInput<N extends CallName> = z.input<Calls[N]['input']>;
/** What the handler receives (after validation). */
export type ParsedInput<N extends CallName> = z.output<Calls[N]['input']>;
export type CallOutput<N extends CallName> = z.output<Calls[N]['output']>;

/** The contract's own logout route (spec §7): form data with `authenticity_token`. */
export const LOGOUT_PATH = '/logout';
