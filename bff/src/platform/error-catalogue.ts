import {
  AgreementErrorCodes,
  ArticleErrorCodes,
  CityOsErrorCodes,
  CompetitionErrorCodes,
  ErrorCodes,
  EnqueteErrorCodes,
  FitbitErrorCodes,
  IncentiveErrorCodes,
  isOperatorAccess,
  MynaErrorCodes,
  OperatorErrorCodes,
  OrgVerificationErrorCodes,
  VitalErrorCodes,
  WalkingEventErrorCodes,
  fitbitCalls,
  incentiveCalls,
  mynaCalls,
  type CallDefinition,
} from '@sukoyaka/contract';
import { THROTTLED_CALLS } from './plugins/auth-throttle';

/*
 * Every error the bff answers, as (status, code), and which calls can answer it: the OpenAPI
 * document lists them per operation (platform/ops/openapi.ts), and in tests the error handler
 * refuses to answer a pair a call does not document (plugins/error-handler.ts), so this table
 * cannot fall behind the code. The codes come from the contract's `…ErrorCodes` records; a code
 * there without a line here fails bff/test/ops/openapi.test.ts.
 */

/** What decides which errors a call can answer. */
type Call = Pick<CallDefinition, 'method' | 'access' | 'stepUp'> & { name: string };
const view = (name: string, call: CallDefinition): Call => ({ name, method: call.method, access: call.access, stepUp: call.stepUp });

export interface ErrorEntry {
  status: number;
  code: string;
  /** When it is answered, in a few words (the document's description of the code). */
  when: string;
  /** Which calls can answer it. */
  calls: (call: Call) => boolean;
}

const every = () => true;
const posts = (call: Call) => call.method === 'POST';
const memberSide = (call: Call) => call.access === 'account' || call.access === 'member';
/** The member's calls and the sign-in steps, which refuse an account the service may not serve. */
const standingChecked = (call: Call) => memberSide(call) || call.name === 'signIn' || call.name === 'verifySignInCode';
const named =
  (...names: (string | Record<string, unknown>)[]) =>
  (call: Call) =>
    names.some((name) => (typeof name === 'string' ? name === call.name : call.name in name));

/** Calls that send a mail link (a resend waits a minute: 429). */
const MAIL_SENDING = [
  'signUp',
  'resendMailUserEmailVerification',
  'createUserEmailVerification',
  'createUserEmailChange',
  'resendMailUserEmailChange',
];
/** Calls that send an SMS code (a few an hour: 429), and the ones that check one. */
const SMS_SENDING = ['signIn', 'sendSmsMfaSetupCode'];
/** Mail-link tokens (activate, reset, unlock, unsubscribe): unknown, used or expired. */
const MAIL_LINK_CALLS = [
  'activateUserEmailVerification',
  'activateUserEmailChange',
  'updatePasswordByResetToken',
  'unlockAccount',
  'unsubscribeNotification',
];
const PASSWORD_CHECKS = [
  'signIn',
  'authenticateUserPassword',
  'authenticateBirthday',
  'operatorSignIn',
  'verifyOperatorTotp',
  'confirmOperatorTotpEnrolment',
];

export const ERROR_CATALOGUE: readonly ErrorEntry[] = [
  // ---- every call -----------------------------------------------------------------------------
  {
    status: 400,
    code: ErrorCodes.invalidParameters,
    when: 'The input breaks the schema (`fields` names each field and its messages), text holds NUL or a lone surrogate, the JSON is malformed or nested deeper than 32 levels, or a field marked x-state-dependent does not fit what the server holds.',
    calls: every,
  },
  { status: 404, code: ErrorCodes.notFound, when: 'What the input names does not exist, or is not the caller’s.', calls: every },
  { status: 500, code: ErrorCodes.internal, when: 'An unexpected failure (no internals are shown).', calls: every },
  {
    status: 503,
    code: ErrorCodes.serviceUnavailable,
    when: 'The database is busy or its connection was lost: retry after Retry-After.',
    calls: every,
  },
  // ---- writes (POST) ----------------------------------------------------------------------------
  {
    status: 403,
    code: ErrorCodes.invalidAuthenticityToken,
    when: 'The X-CSRF-Token header is missing or is not the session’s authenticity token.',
    calls: posts,
  },
  { status: 413, code: ErrorCodes.invalidParameters, when: 'The body is larger than the call’s limit (x-max-body-bytes).', calls: posts },
  {
    status: 409,
    code: ErrorCodes.idempotencyKeyInUse,
    when: 'A call with this Idempotency-Key is still running: ask again later.',
    calls: posts,
  },
  {
    status: 422,
    code: ErrorCodes.idempotencyKeyReused,
    when: 'The Idempotency-Key was used before with another call or other input.',
    calls: posts,
  },
  // ---- the member's side ----------------------------------------------------------------------
  {
    status: 401,
    code: ErrorCodes.unauthenticated,
    when: 'No member is signed in (verifySignInCode: no sign-in waits for its code).',
    calls: (call) => memberSide(call) || call.name === 'verifySignInCode',
  },
  { status: 403, code: ErrorCodes.userIsSuspended, when: 'The account is suspended.', calls: standingChecked },
  { status: 403, code: ErrorCodes.userMembershipExpired, when: 'The membership of the association has ended.', calls: standingChecked },
  {
    status: 403,
    code: ErrorCodes.userNotAssociationVerified,
    when: 'The association has not verified the member yet.',
    calls: standingChecked,
  },
  {
    status: 503,
    code: ErrorCodes.associationUnderMaintenance,
    when: 'The member’s association is under maintenance.',
    calls: standingChecked,
  },
  {
    status: 423,
    code: ErrorCodes.systemAccountLocked,
    when: 'The account is locked after repeated failed sign-ins or confirmations.',
    calls: (call) => memberSide(call) || PASSWORD_CHECKS.includes(call.name) || call.name === 'verifySignInCode',
  },
  {
    status: 403,
    code: ErrorCodes.userEmailNotVerified,
    when: 'The e-mail address is not verified yet.',
    calls: (call) => call.access === 'member',
  },
  {
    status: 403,
    code: ErrorCodes.passwordAuthenticationRequired,
    when: 'The call needs a fresh password confirmation (authenticateUserPassword).',
    calls: (call) => call.stepUp === 'password',
  },
  {
    status: 403,
    code: ErrorCodes.birthdayAuthenticationRequired,
    when: 'The call needs a fresh birthday confirmation (authenticateBirthday).',
    calls: (call) => call.stepUp === 'birthday',
  },
  {
    status: 403,
    code: ErrorCodes.mynaSecretQuestionAuthenticationRequired,
    when: 'The call needs a fresh answer to the secret question (authenticateUserMynaSecretQuestion).',
    calls: (call) => call.stepUp === 'mynaSecretQuestion',
  },
  // ---- the operators' side --------------------------------------------------------------------
  {
    status: 401,
    code: ErrorCodes.operatorUnauthenticated,
    when: 'No operator is signed in with both factors (or no sign-in is under way for this step).',
    calls: (call) => isOperatorAccess(call.access),
  },
  {
    status: 403,
    code: ErrorCodes.operatorForbidden,
    when: 'The operator’s role does not allow this in that association.',
    calls: (call) => call.access === 'operator',
  },
  {
    status: 409,
    code: OperatorErrorCodes.totpAlreadyEnrolled,
    when: 'An authenticator is registered already.',
    calls: named('startOperatorTotpEnrolment', 'confirmOperatorTotpEnrolment'),
  },
  {
    status: 409,
    code: OperatorErrorCodes.enrolmentNotStarted,
    when: 'No enrolment was started in this session.',
    calls: named('confirmOperatorTotpEnrolment'),
  },
  // ---- sign-in, confirmations, throttles --------------------------------------------------------
  { status: 401, code: ErrorCodes.invalidCredentials, when: 'The password, birthday or code is wrong.', calls: named(...PASSWORD_CHECKS) },
  {
    status: 429,
    code: ErrorCodes.tooManyRequests,
    when: 'Too many attempts or mails in a short time: wait and try again.',
    calls: named(...THROTTLED_CALLS, ...MAIL_SENDING, ...SMS_SENDING, 'verifyOrganization'),
  },
  { status: 400, code: ErrorCodes.invalidToken, when: 'The mail link is unknown, used or expired.', calls: named(...MAIL_LINK_CALLS) },
  {
    status: 409,
    code: ErrorCodes.birthdayNotRegistered,
    when: 'No birthday is recorded to compare with.',
    calls: named('authenticateBirthday'),
  },
  { status: 409, code: ErrorCodes.alreadyLeft, when: 'The member has left already.', calls: named('leaveService') },
  // ---- account ---------------------------------------------------------------------------------
  {
    status: 400,
    code: AgreementErrorCodes.notWithdrawable,
    when: 'The terms cannot be withdrawn while the account is used.',
    calls: named('withdrawAssociationAgreement'),
  },
  { status: 400, code: OrgVerificationErrorCodes.noMatch, when: 'Nothing in the roster matched.', calls: named('verifyOrganization') },
  {
    status: 409,
    code: OrgVerificationErrorCodes.alreadyLinked,
    when: 'The member is linked to an association already.',
    calls: named('verifyOrganization'),
  },
  // ---- content ---------------------------------------------------------------------------------
  {
    status: 400,
    code: CityOsErrorCodes.stateInvalid,
    when: 'The `state` is unknown, used or expired.',
    calls: named('completeCityOSOptIn'),
  },
  {
    status: 403,
    code: CityOsErrorCodes.stateMismatch,
    when: 'The `state` was given to another session.',
    calls: named('completeCityOSOptIn'),
  },
  {
    status: 409,
    code: EnqueteErrorCodes.alreadyAnswered,
    when: 'The member has answered this enquete already.',
    calls: named('answerEnquete'),
  },
  { status: 409, code: EnqueteErrorCodes.closed, when: 'The enquete is closed.', calls: named('answerEnquete') },
  {
    status: 409,
    code: ArticleErrorCodes.quizAnswered,
    when: "Members answered the article's quiz: its question, choices and answer stay.",
    calls: named('updateOperatorArticle'),
  },
  // ---- health ----------------------------------------------------------------------------------
  {
    status: 409,
    code: VitalErrorCodes.readingNotEditable,
    when: 'The reading came from a device or app and cannot be changed here.',
    calls: (call) => /^(update|delete)(BloodPressure|BloodSugar|Weight|Step|BodyTemperature|Sleep)$/.test(call.name),
  },
  { status: 400, code: FitbitErrorCodes.stateInvalid, when: 'The `state` is unknown, used or expired.', calls: named(fitbitCalls) },
  { status: 403, code: FitbitErrorCodes.stateMismatch, when: 'The `state` was issued to another session.', calls: named(fitbitCalls) },
  { status: 400, code: FitbitErrorCodes.codeInvalid, when: 'Google refused the code.', calls: named(fitbitCalls) },
  { status: 400, code: FitbitErrorCodes.scopeMissing, when: 'The step-count permission was not given.', calls: named(fitbitCalls) },
  {
    status: 503,
    code: FitbitErrorCodes.unavailable,
    when: 'Google could not be reached, or the connection is not configured.',
    calls: named(fitbitCalls),
  },
  { status: 404, code: FitbitErrorCodes.notConnected, when: 'No Fitbit connection.', calls: named(fitbitCalls) },
  // ---- incentives ------------------------------------------------------------------------------
  {
    status: 409,
    code: IncentiveErrorCodes.insufficientBalance,
    when: 'The balance does not cover it; nothing was charged.',
    calls: named(incentiveCalls),
  },
  { status: 409, code: IncentiveErrorCodes.giftOutOfStock, when: 'The gift ran out; nothing was charged.', calls: named(incentiveCalls) },
  {
    status: 403,
    code: IncentiveErrorCodes.pointAgreementRequired,
    when: 'The point program needs the member’s consent first.',
    calls: named(incentiveCalls),
  },
  { status: 409, code: IncentiveErrorCodes.campaignClosed, when: 'The campaign is not open now.', calls: named(incentiveCalls) },
  { status: 409, code: IncentiveErrorCodes.campaignNotEntered, when: 'The campaign was not entered.', calls: named(incentiveCalls) },
  { status: 409, code: IncentiveErrorCodes.giftChallengeUnavailable, when: 'No prize is in stock.', calls: named(incentiveCalls) },
  { status: 409, code: CompetitionErrorCodes.closed, when: 'The competition is not open for entries.', calls: named(incentiveCalls) },
  {
    status: 409,
    code: IncentiveErrorCodes.deliveryAddressRequired,
    when: 'A physical gift needs the member’s delivery address first; nothing was charged.',
    calls: named('redeemGift'),
  },
  {
    status: 409,
    code: IncentiveErrorCodes.giftOrderClosed,
    when: 'The order was shipped or cancelled already.',
    calls: named('shipOperatorGiftOrder', 'cancelOperatorGiftOrder', 'correctOperatorGiftOrderTracking'),
  },
  {
    status: 409,
    code: IncentiveErrorCodes.giftOrderNotShipped,
    when: 'The order has not been shipped yet: there is no tracking number to correct.',
    calls: named('correctOperatorGiftOrderTracking'),
  },
  {
    status: 409,
    code: IncentiveErrorCodes.giftOrderAddressMissing,
    when: 'The order has no delivery address yet (its member has not saved one).',
    calls: named('shipOperatorGiftOrder'),
  },
  {
    status: 409,
    code: CompetitionErrorCodes.notDrawable,
    when: 'Drawn already, or its period has not ended.',
    calls: named(incentiveCalls),
  },
  // ---- walking events (issue 29) -------------------------------------------------------------------
  {
    status: 409,
    code: WalkingEventErrorCodes.started,
    when: 'The event has started: leaving it or its team is no longer possible.',
    calls: named('leaveWalkingEvent', 'leaveWalkingTeam'),
  },
  {
    status: 409,
    code: WalkingEventErrorCodes.closed,
    when: 'The event has ended or closed.',
    calls: named('joinWalkingEvent', 'createWalkingTeam', 'joinWalkingTeam', 'decideOperatorWalkingDay'),
  },
  {
    status: 409,
    code: WalkingEventErrorCodes.teamFull,
    when: 'The team has as many members as the event allows.',
    calls: named('createWalkingTeam', 'joinWalkingTeam'),
  },
  {
    status: 409,
    code: WalkingEventErrorCodes.inTeam,
    when: 'The member is in a team of this event already.',
    calls: named('createWalkingTeam', 'joinWalkingTeam'),
  },
  {
    status: 409,
    code: WalkingEventErrorCodes.noTeams,
    when: 'The event is entered alone only.',
    calls: named('createWalkingTeam', 'joinWalkingTeam'),
  },
  {
    status: 409,
    code: WalkingEventErrorCodes.notClosable,
    when: 'The grace days after the period have not ended.',
    calls: named('closeOperatorWalkingEvent'),
  },
  {
    status: 409,
    code: WalkingEventErrorCodes.notHeld,
    when: 'The day is not held (decided already).',
    calls: named('decideOperatorWalkingDay'),
  },
  // ---- My Number ------------------------------------------------------------------------------
  { status: 403, code: MynaErrorCodes.agreementRequired, when: 'The current My Number terms are not agreed to.', calls: named(mynaCalls) },
  {
    status: 409,
    code: MynaErrorCodes.agreementOutdated,
    when: 'That version of the terms is not the current one.',
    calls: named(mynaCalls),
  },
  { status: 400, code: MynaErrorCodes.stateInvalid, when: 'The `state` is unknown, used or expired.', calls: named(mynaCalls) },
  { status: 403, code: MynaErrorCodes.stateMismatch, when: 'The `state` was issued to another session.', calls: named(mynaCalls) },
  { status: 400, code: MynaErrorCodes.codeInvalid, when: 'The portal refused the code.', calls: named(mynaCalls) },
  {
    status: 400,
    code: MynaErrorCodes.nonceMismatch,
    when: 'The portal’s answer does not carry this request’s nonce.',
    calls: named(mynaCalls),
  },
  { status: 409, code: MynaErrorCodes.notLinked, when: 'No My Number card is linked.', calls: named(mynaCalls) },
  {
    status: 409,
    code: MynaErrorCodes.relinkRequired,
    when: 'The portal no longer honours the link (no refresh token, or it was refused): the member links again.',
    calls: named('createMynaImport'),
  },
  {
    status: 409,
    code: MynaErrorCodes.medicalReceiptsFull,
    when: 'The year already holds the most receipts a member may add by hand.',
    calls: named('createMynaMedicalReceipt'),
  },
  { status: 409, code: MynaErrorCodes.secretQuestionRequired, when: 'No secret question is registered yet.', calls: named(mynaCalls) },
  { status: 409, code: MynaErrorCodes.secretQuestionExists, when: 'A secret question is registered already.', calls: named(mynaCalls) },
  { status: 400, code: MynaErrorCodes.secretQuestionIncorrect, when: 'The answer is not the registered one.', calls: named(mynaCalls) },
  { status: 423, code: MynaErrorCodes.secretQuestionLocked, when: 'Locked after five wrong answers in a row.', calls: named(mynaCalls) },
  { status: 400, code: MynaErrorCodes.confirmationRequired, when: 'The removal is not confirmed.', calls: named(mynaCalls) },
  {
    status: 503,
    code: MynaErrorCodes.unavailable,
    when: 'The portal could not be reached, or the connection is not configured.',
    calls: named(mynaCalls),
  },
];

/** The errors `call` can answer: status → entries (sorted by status, then code). */
export function errorsOf(name: string, call: CallDefinition): Map<number, ErrorEntry[]> {
  const byStatus = new Map<number, ErrorEntry[]>();
  const entries = ERROR_CATALOGUE.filter((entry) => entry.calls(view(name, call)));
  for (const entry of [...entries].sort((a, b) => a.status - b.status || (a.code < b.code ? -1 : 1))) {
    byStatus.set(entry.status, [...(byStatus.get(entry.status) ?? []), entry]);
  }
  return byStatus;
}

/** Whether `call` documents answering `status` with `code`. */
export function documentsError(name: string, call: CallDefinition, status: number, code: string): boolean {
  return ERROR_CATALOGUE.some((entry) => entry.status === status && entry.code === code && entry.calls(view(name, call)));
}
