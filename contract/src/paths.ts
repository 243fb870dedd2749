/**
 * Pages that the server, its mails or deep links name: one spelling for the bff (mails, redirects,
 * navigation answers) and the front end (routes). The area route table is routes.ts.
 */
export const pagePaths = {
  home: '/',
  login: '/login',
  /** Mail link: the sign-up address check (signup.ts in the bff). */
  signupVerification: '/signup/verification',
  /** Mail link: choosing a new password. */
  passwordResetChange: '/password_reset/change',
  /** Mail link: confirming a new e-mail address. */
  emailChangeConfirm: '/settings/email/confirm',
  /** Mail link: ending the sign-in lock of the account (sent when it is locked). */
  accountUnlock: '/unlock',
  /** Mail link: turning off one kind of notification mail, without signing in. */
  notificationUnsubscribe: '/settings/notifications/unsubscribe',
  emailNotVerified: '/email_not_verified',
  unassociated: '/unassociated',
  /** The first sign-in's welcome (issue 27); getNavigationInfo's `next` names it. */
  onboarding: '/onboarding',
  underMaintenance: '/under_maintenance',
  suspensionNotice: '/suspension_notice',
  /** Step-up pages, named by the step-up error codes (errors.ts, stepUpPages). */
  promptAuth: '/prompt_auth',
  sensitiveVerification: '/sensitive_verification',
  mynaConnectionVerify: '/myna_connection/verify',
  /** The member's gifts, codes and deliveries (the gift mails link it). */
  userGifts: '/incentives/user_gifts',
  /** The member's delivery address for physical gifts (お届け先住所). */
  deliveryAddress: '/profile/address',
} as const;

/** The contract's own logout route (spec §7): form data with `authenticity_token`. */
export const LOGOUT_PATH = '/logout';

/** The header every POST carries its session's authenticity token in, and a new session's token comes back in. */
export const AUTHENTICITY_TOKEN_HEADER = 'X-CSRF-Token';
/**
 * A new operator session's authenticity token comes back in this header instead, so a member
 * client in the same tab never takes it for its own (operator POSTs still send it in X-CSRF-Token).
 */
export const OPERATOR_AUTHENTICITY_TOKEN_HEADER = 'X-Operator-CSRF-Token';
/** The operator session's cookie (path /, HttpOnly, SameSite=Strict): never the member's. */
export const OPERATOR_SESSION_COOKIE = 'sukoyaka_operator';
/**
 * The header a POST may carry a key in, 1–255 visible ASCII characters, fresh for each action of
 * the member: a retry with the same key gets the first answer instead of running again.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** The form field a plain form post (logout) carries the token in instead. */
export const AUTHENTICITY_TOKEN_FIELD = 'authenticity_token';

/** The page where a member agrees to their association's terms (a navigation answer names it). */
export function associationAgreementsPath(associationId: string): `/associations/${string}/agreements` {
  return `/associations/${associationId}/agreements`;
}
