import type { CallDefinition } from '../define';
import * as agreements from './agreements';
import * as emailChange from './email-change';
import * as leave from './leave';
import * as navigation from './navigation';
import * as operatorMembers from './operator-members';
import * as orgVerification from './org-verification';
import * as passwordReset from './password-reset';
import * as accountSettings from './settings';
import * as signIn from './sign-in';
import * as signup from './signup';
import * as smsMfa from './sms-mfa';
import * as stepUp from './step-up';
import * as unlock from './unlock';

/** The account area's calls (mf-account, bff/src/account). */
export const accountCalls = {
  signIn: signIn.signIn,
  getUserInfo: signIn.getUserInfo,
  validateEmail: signup.validateEmail,
  signUp: signup.signUp,
  createUserEmailVerification: signup.createUserEmailVerification,
  resendMailUserEmailVerification: signup.resendMailUserEmailVerification,
  activateUserEmailVerification: signup.activateUserEmailVerification,
  createPasswordReset: passwordReset.createPasswordReset,
  updatePasswordByResetToken: passwordReset.updatePasswordByResetToken,
  unlockAccount: unlock.unlockAccount,
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
  finishOnboarding: navigation.finishOnboarding,
  getNotificationSettings: accountSettings.getNotificationSettings,
  updateNotificationSettings: accountSettings.updateNotificationSettings,
  updateProfile: accountSettings.updateProfile,
  unsubscribeNotification: accountSettings.unsubscribeNotification,
  getOperatorMemberStats: operatorMembers.getOperatorMemberStats,
  importOperatorRoster: operatorMembers.importOperatorRoster,
  getOperatorRosterSummary: operatorMembers.getOperatorRosterSummary,
  lookupOperatorMember: operatorMembers.lookupOperatorMember,
  getLeaveServiceSummary: leave.getLeaveServiceSummary,
  leaveService: leave.leaveService,
} as const satisfies Record<string, CallDefinition>;

export * from './password-policy';
export { DOMAIN_TYPOS, emailDomainProblem, mailLinkToken, ownEmailAddress } from './email-checks';
export { signUpInput } from './signup';
export { japaneseMobileNumber, maskPhoneNumber, smsCode } from './sms-mfa';
export type { SmsMfaSetting } from './sms-mfa';
export { pastCalendarDate } from './step-up';
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
} from './org-verification';
export type { VerifyOrganizationInput } from './org-verification';
export {
  AGREEMENT_NOT_WITHDRAWABLE_MESSAGE,
  AGREEMENT_OUTDATED_MESSAGE,
  AgreementErrorCodes,
  agreementDocumentSchema,
  agreementKinds,
  requiredAgreementKinds,
} from './agreements';
export type { AgreementDocument, AgreementKind, AssociationAgreements } from './agreements';
export type { NavigationNext } from './navigation';
export { nickname, notificationSettingsSchema } from './settings';
export type { NotificationSettings, NotificationSettingsInput } from './settings';
export { ROSTER_CSV_MAX_CHARS, memberLookupKinds, operatorMemberSupportSchema } from './operator-members';
export type { MemberLookupKind, OperatorMemberSupport } from './operator-members';
export { memberDataExportQuery } from './leave';
