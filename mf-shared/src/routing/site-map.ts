import { matchPath } from './router';

/**
 * Every page of the member areas (mf-account, mf-health, mf-incentives, mf-myna), sorted into three
 * kinds by how a signed-in member arrives there. root-config/src/site-map.test.ts holds the lists
 * to the areas' route tables: each route is in exactly one list, and nothing else is.
 *
 * - `memberPages`: what a member opens by a link. Each is at most two taps from home
 *   (e2e/tests/reachability.test.ts follows the links: home, the tab bar, the メニュー page), and the
 *   member navigation is shown there.
 * - `memberFlowPages`: steps of something a member started (a form sent, a partner's callback, a
 *   confirmation asked for): no link leads there, the navigation is shown.
 * - `pagesWithoutNavigation`: signing in and up, mail links, the account-condition pages and the
 *   steps before a member may use the service (linking an association): no member navigation.
 *
 * Patterns are the route tables' (`:param`).
 */
export const memberPages = [
  // mf-account
  '/',
  '/menu',
  '/profile',
  '/profile/address',
  '/settings/email',
  '/settings/notifications',
  '/settings/data_export',
  '/settings/leave',
  '/mfa/setting/sms/intro',
  '/change_secret_question',
  '/privacy_provision_agreements',
  '/associations/:associationId/agreements',
  '/announcements',
  '/announcements/:announcementId',
  '/enquetes',
  '/enquetes/:enqueteId',
  '/articles',
  '/articles/saved',
  '/articles/:articleId',
  '/faq',
  '/inquiry/new',
  '/terms',
  '/media_policy',
  '/paperworks',
  // mf-health
  '/vitals',
  '/vitals/blood_sugar',
  '/vitals/blood_pressure',
  '/vitals/weight',
  '/vitals/steps',
  '/vitals/body_temperature',
  '/vitals/sleep',
  '/health_reports',
  '/medication/histories',
  '/medical_expenses/bills',
  '/resource_providers/fitbit/connections',
  '/health_forecasts/simulations',
  '/health_forecasts/simulations/about',
  '/doctor_profile01',
  // mf-incentives
  '/incentives',
  '/incentives/competitions',
  '/incentives/walking_events',
  '/incentives/challenges',
  '/incentives/challenges/:challengeId',
  '/incentives/user_gifts',
  '/coin',
  '/coin/earning',
  '/coin/transactions',
  '/coin/redemption',
  '/points',
  '/points/campaign',
  '/points/:pointId',
  '/points/:pointId/about',
  '/points/:pointId/earning',
  '/points/:pointId/transactions',
  '/points/:pointId/redemption',
  '/points/:pointId/agreements',
  '/promotions/app',
  // mf-myna
  '/myna_connection',
  '/myna_connection/agreements',
  '/myna_connection/medical_exams',
  '/myna_connection/medical_exams/:examId',
  '/myna_connection/medicines',
  '/myna_connection/medical_bills',
  '/myna_connection/import',
  '/myna_connection/export',
  '/myna_connection/removeSensitives',
  '/myna_connection/check_sheet',
] as const;

export const memberFlowPages = [
  // mf-account: setting up SMS two-factor from its introduction; the step-up confirmations.
  '/mfa/setting/sms/new',
  '/mfa/setting/sms/edit',
  '/prompt_auth',
  '/sensitive_verification',
  // mf-health: Fitbit's return.
  '/resource_providers/fitbit/callback',
  // mf-incentives: a program whose terms changed asks for agreement before its pages.
  '/points/:pointId/require_agreement',
  // mf-incentives: a walking event the member opened from the list, their team, a teammate's invite link.
  '/incentives/walking_events/:eventId',
  '/incentives/walking_events/:eventId/teams/:teamId',
  '/incentives/walking_invites/:code',
  // mf-myna: connecting (the portal's return and its outcome), the secret question.
  '/myna_connection/callback',
  '/myna_connection/complete',
  '/myna_connection/mistake',
  '/myna_connection/verify',
  '/myna_connection/secret_question/guidance',
  '/myna_connection/secret_question/new',
  '/myna_connection/secret_question/confirm',
  '/myna_connection/secret_question/reset/guidance',
] as const;

export const pagesWithoutNavigation = [
  // Signing in, out and up; a forgotten password.
  '/login',
  '/logout',
  '/signup',
  '/signup/verification',
  '/password_reset/new',
  '/password_reset/change',
  '/unlock',
  // Mail links that work without signing in.
  '/settings/email/confirm',
  '/settings/notifications/unsubscribe',
  // Before a member may use the service, and the account conditions (spec §4).
  '/email_not_verified',
  '/org_verification',
  '/unassociated',
  '/under_maintenance',
  '/suspension_notice',
  '/not_available',
  // The welcome after the first sign-in (nickname, height, step goal), asked once.
  '/onboarding',
  // After leaving, the member is signed out.
  '/settings/leave/completed',
] as const;

const matchesAny = (patterns: readonly string[], pathname: string) =>
  patterns.some((path) => matchPath({ path, end: true }, pathname) !== null);

/**
 * Whether a signed-in member's page at `pathname` shows the member navigation: every page but
 * `pagesWithoutNavigation` (a page no route knows, the 404 page, shows it too: it is a way back).
 */
export function showsMemberNavigation(pathname: string): boolean {
  return !matchesAny(pagesWithoutNavigation, pathname);
}
