import { pagePaths } from './paths';

/** Every error from the bff has this one shape (DESIGN.md, "bff"); its schema is in fields/error-schema.ts. */
export interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string[]> | undefined;
}

/** Identifiers the client recognises (spec §8) and the ones of our own calls. */
export const ErrorCodes = {
  invalidParameters: 'invalid_parameters',
  invalidAuthenticityToken: 'invalid_authenticity_token',
  unauthenticated: 'unauthenticated',
  invalidCredentials: 'invalid_credentials',
  notFound: 'not_found',
  internal: 'internal_error',
  serviceUnavailable: 'service_unavailable',
  systemAccountLocked: 'system_account_locked',
  userIsSuspended: 'user_is_suspended',
  userMembershipExpired: 'user_membership_expired',
  userNotAssociationVerified: 'user_not_association_verified',
  associationUnderMaintenance: 'association_under_maintenance',
  userEmailNotVerified: 'user_email_not_verified',
  passwordAuthenticationRequired: 'password_authentication_required',
  birthdayAuthenticationRequired: 'birthday_authentication_required',
  mynaSecretQuestionAuthenticationRequired: 'myna_secret_question_authentication_required',
  invalidToken: 'invalid_token',
  tooManyRequests: 'too_many_requests',
  /** The Idempotency-Key was used before for another call or other input (422). */
  idempotencyKeyReused: 'idempotency_key_reused',
  /** A call with this Idempotency-Key is still running (409). */
  idempotencyKeyInUse: 'idempotency_key_in_use',
  /** An operator call without a signed-in operator (401): mf-admin sends the operator to /admin/login. */
  operatorUnauthenticated: 'operator_unauthenticated',
  /** The operator's roles do not allow this in that association (403). */
  operatorForbidden: 'operator_forbidden',
  /** A birthday confirmation asked of a member whose birthday is not recorded (409). */
  birthdayNotRegistered: 'birthday_not_registered',
  /** Leaving asked a second time (409). */
  alreadyLeft: 'already_left',
} as const;

/** The step-up codes, and the page that gives each confirmation (spec §2 Account routes). */
export const stepUpPages = {
  password_authentication_required: pagePaths.promptAuth,
  birthday_authentication_required: pagePaths.sensitiveVerification,
  myna_secret_question_authentication_required: pagePaths.mynaConnectionVerify,
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
