import type { CallInput, CallName } from '@sukoyaka/contract';

/*
 * One valid example input per call of the contract. The generated suites (contract-fuzz,
 * ownership) start from these: the fuzz breaks one part of a valid input at a time, and the
 * ownership matrix creates a member's data with them. A new call fails ownership.test.ts until it
 * has its line here.
 */

/** What an example may use: the signed-in member's own values. */
export interface ExampleContext {
  userId: string;
  email: string;
  password: string;
  /** yyyy-MM-dd, the member's recorded birthday. */
  birthday: string;
  associationId: string;
  /** The member's association's terms (required) and data-provision consent (optional). */
  termsId: string;
  privacyId: string;
  /** A short random text, distinctive enough to find in any answer. */
  marker: string;
}

type Examples = { [N in CallName]?: (member: ExampleContext) => CallInput<N> };

export const examples: Examples = {
  ping: () => ({}),
  getAuthenticityTokenForClient: () => ({}),
  getSession: () => ({}),
  getAuthState: () => ({}),
  signIn: (member) => ({ email: member.email, password: member.password }),
  getUserInfo: () => ({}),
  saveBloodPressure: () => ({ measuredAt: '2024-05-01T08:30:00+09:00', systolic: 128, diastolic: 82, pulse: 71 }),
  listBloodPressures: () => ({ limit: 1 }),
  validateEmail: (member) => ({ email: `new-${member.marker}@example.jp` }),
  signUp: (member) => ({ email: `new-${member.marker}@example.jp`, password: 'quiet-river-lantern-42', agreedToTerms: true }),
  createUserEmailVerification: () => ({}),
  resendMailUserEmailVerification: () => ({}),
  activateUserEmailVerification: () => ({ token: 'aUnknownMailLinkToken_0123456789' }),
  createPasswordReset: (member) => ({ email: member.email }),
  updatePasswordByResetToken: () => ({ token: 'aUnknownMailLinkToken_0123456789', password: 'quiet-river-lantern-42' }),
  getUserEmail: () => ({}),
  createUserEmailChange: (member) => ({ email: `moved-${member.marker}@example.jp` }),
  resendMailUserEmailChange: () => ({}),
  activateUserEmailChange: () => ({ token: 'aUnknownMailLinkToken_0123456789' }),
  verifySignInCode: () => ({ code: '123456' }),
  getSmsMfaSetting: () => ({}),
  sendSmsMfaSetupCode: () => ({ phoneNumber: '090-1234-5678' }),
  confirmSmsMfaSetup: () => ({ code: '123456' }),
  disableSmsMfa: () => ({}),
  authenticateUserPassword: (member) => ({ password: member.password }),
  authenticateBirthday: (member) => ({ birthday: member.birthday }),
  verifyOrganization: (member) => ({ insurerNumber: '12345678', memberSymbol: '1234', memberNumber: '5678', birthday: member.birthday }),
  listUserAssociationsByUserID: (member) => ({ userId: member.userId }),
  getAssociation: (member) => ({ associationId: member.associationId }),
  listAssociationAgreements: (member) => ({ associationId: member.associationId }),
  agreeAssociationAgreements: (member) => ({ documentIds: [member.termsId, member.privacyId] }),
  withdrawAssociationAgreement: (member) => ({ documentId: member.privacyId }),
  getNavigationInfo: () => ({}),
  getNotificationSettings: () => ({}),
  updateNotificationSettings: () => ({ settings: { announcements: true, points: false, health: true, campaigns: false } }),
  updateProfile: (member) => ({ nickname: member.marker }),
};

/**
 * Calls the ownership matrix leaves out, each with why: they name no stored data of a member by
 * id, cursor or token, only an e-mail address and a password, and they act on the session or
 * mailbox rather than on a member's records.
 */
export const ownershipExempt: { [N in CallName]?: string } = {
  signIn: 'starts a new session from an address and a password: the matrix keeps B signed in as B',
  signUp: 'creates a new account from an address and a password; names no stored data of a member',
  createPasswordReset: "mails a link to the address given and answers the same whether or not it is anyone's",
};

/** The example of a call, for a member; undefined when the call has none (a test fails then). */
export function exampleFor(name: CallName, member: ExampleContext): Record<string, unknown> | undefined {
  const make = examples[name] as ((member: ExampleContext) => Record<string, unknown>) | undefined;
  return make?.(member);
}
