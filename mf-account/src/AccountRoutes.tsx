import { pagePaths } from '@sukoyaka/contract';
import { LazyRoutes, lazyPage, NotFoundPage, type PageRoute, Navigate, useLocation } from '@sukoyaka/shared';

/**
 * The account area's pages, each its own chunk, so a page loads only its own code (and the
 * libraries it alone uses). The chunk name carries the route ("route:<path>", the same path as
 * `path`): the build lists each route's files (build/shared.cjs) and the server preloads the
 * chunk of the page it answers; AccountRoutes.test.ts keeps the two spellings equal.
 */
export const accountPages: readonly PageRoute[] = [
  {
    path: '/',
    page: lazyPage(() => import(/* webpackChunkName: "route:/" */ './home/HomePage').then((module) => module.HomePage)),
  },
  {
    path: '/menu',
    page: lazyPage(() => import(/* webpackChunkName: "route:/menu" */ './menu/MenuPage').then((module) => module.MenuPage)),
  },
  {
    path: pagePaths.login,
    page: lazyPage(() => import(/* webpackChunkName: "route:/login" */ './login/LoginPage').then((module) => module.LoginPage)),
  },
  {
    path: '/logout',
    page: lazyPage(() => import(/* webpackChunkName: "route:/logout" */ './login/LogoutPage').then((module) => module.LogoutPage)),
  },
  {
    path: '/signup',
    page: lazyPage(() => import(/* webpackChunkName: "route:/signup" */ './signup/SignupPage').then((module) => module.SignupPage)),
  },
  {
    path: pagePaths.signupVerification,
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/signup/verification" */ './signup/VerificationPage').then((module) => module.VerificationPage),
    ),
  },
  {
    path: pagePaths.emailNotVerified,
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/email_not_verified" */ './signup/EmailNotVerifiedPage').then(
        (module) => module.EmailNotVerifiedPage,
      ),
    ),
  },
  {
    path: '/password_reset/new',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/password_reset/new" */ './password-reset/PasswordResetNewPage').then(
        (module) => module.PasswordResetNewPage,
      ),
    ),
  },
  {
    path: pagePaths.passwordResetChange,
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/password_reset/change" */ './password-reset/PasswordResetChangePage').then(
        (module) => module.PasswordResetChangePage,
      ),
    ),
  },
  {
    path: pagePaths.accountUnlock,
    page: lazyPage(() => import(/* webpackChunkName: "route:/unlock" */ './unlock/UnlockPage').then((module) => module.UnlockPage)),
  },
  {
    path: '/settings/email',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/settings/email" */ './email-change/EmailSettingsPage').then((module) => module.EmailSettingsPage),
    ),
  },
  {
    path: pagePaths.emailChangeConfirm,
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/settings/email/confirm" */ './email-change/EmailChangeConfirmPage').then(
        (module) => module.EmailChangeConfirmPage,
      ),
    ),
  },
  {
    path: '/org_verification',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/org_verification" */ './org-verification/OrgVerificationPage').then(
        (module) => module.OrgVerificationPage,
      ),
    ),
  },
  {
    path: pagePaths.unassociated,
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/unassociated" */ './org-verification/UnassociatedPage').then((module) => module.UnassociatedPage),
    ),
  },
  {
    path: pagePaths.onboarding,
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/onboarding" */ './onboarding/OnboardingPage').then((module) => module.OnboardingPage),
    ),
  },
  {
    path: '/associations/:associationId/agreements',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/associations/:associationId/agreements" */ './agreements/AssociationAgreementsPage').then(
        (module) => module.AssociationAgreementsPage,
      ),
    ),
  },
  {
    path: '/privacy_provision_agreements',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/privacy_provision_agreements" */ './agreements/PrivacyProvisionPage').then(
        (module) => module.PrivacyProvisionPage,
      ),
    ),
  },
  {
    path: '/profile',
    page: lazyPage(() => import(/* webpackChunkName: "route:/profile" */ './settings/ProfilePage').then((module) => module.ProfilePage)),
  },
  {
    path: pagePaths.deliveryAddress,
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/profile/address" */ './settings/DeliveryAddressPage').then(
        (module) => module.DeliveryAddressPage,
      ),
    ),
  },
  {
    path: pagePaths.notificationUnsubscribe,
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/settings/notifications/unsubscribe" */ './unsubscribe/UnsubscribePage').then(
        (module) => module.UnsubscribePage,
      ),
    ),
  },
  {
    path: '/settings/notifications',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/settings/notifications" */ './settings/NotificationSettingsPage').then(
        (module) => module.NotificationSettingsPage,
      ),
    ),
  },
  {
    path: '/settings/data_export',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/settings/data_export" */ './leave/DataExportPage').then((module) => module.DataExportPage),
    ),
  },
  {
    path: '/settings/leave',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/settings/leave" */ './leave/LeaveServicePage').then((module) => module.LeaveServicePage),
    ),
  },
  {
    path: '/settings/leave/completed',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/settings/leave/completed" */ './leave/LeaveServicePage').then(
        (module) => module.LeaveCompletedPage,
      ),
    ),
  },
  {
    path: '/mfa/setting/sms/intro',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/mfa/setting/sms/intro" */ './mfa/SmsMfaIntroPage').then((module) => module.SmsMfaIntroPage),
    ),
  },
  {
    path: '/mfa/setting/sms/new',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/mfa/setting/sms/new" */ './mfa/SmsMfaNewPage').then((module) => module.SmsMfaNewPage),
    ),
  },
  {
    path: '/mfa/setting/sms/edit',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/mfa/setting/sms/edit" */ './mfa/SmsMfaEditPage').then((module) => module.SmsMfaEditPage),
    ),
  },
  {
    path: pagePaths.promptAuth,
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/prompt_auth" */ './step-up/PromptAuthPage').then((module) => module.PromptAuthPage),
    ),
  },
  {
    path: pagePaths.sensitiveVerification,
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/sensitive_verification" */ './step-up/SensitiveVerificationPage').then(
        (module) => module.SensitiveVerificationPage,
      ),
    ),
  },
  {
    path: '/change_secret_question',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/change_secret_question" */ './myna-secret-question/ChangeSecretQuestionPage').then(
        (module) => module.ChangeSecretQuestionPage,
      ),
    ),
  },
  {
    path: pagePaths.underMaintenance,
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/under_maintenance" */ './status/StatusPages').then((module) => module.UnderMaintenancePage),
    ),
  },
  {
    path: pagePaths.suspensionNotice,
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/suspension_notice" */ './status/StatusPages').then((module) => module.SuspensionNoticePage),
    ),
  },
  {
    path: '/not_available',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/not_available" */ './status/StatusPages').then((module) => module.NotAvailablePage),
    ),
  },
  {
    path: '/announcements',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/announcements" */ './content/AnnouncementsPage').then((module) => module.AnnouncementsPage),
    ),
  },
  {
    path: '/announcements/:announcementId',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/announcements/:announcementId" */ './content/AnnouncementPage').then(
        (module) => module.AnnouncementPage,
      ),
    ),
  },
  {
    path: '/faq',
    page: lazyPage(() => import(/* webpackChunkName: "route:/faq" */ './content/FaqPage').then((module) => module.FaqPage)),
  },
  {
    path: '/inquiry/new',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/inquiry/new" */ './content/InquiryNewPage').then((module) => module.InquiryNewPage),
    ),
  },
  {
    path: '/terms',
    page: lazyPage(() => import(/* webpackChunkName: "route:/terms" */ './content/DocumentPage').then((module) => module.TermsPage)),
  },
  {
    path: '/media_policy',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/media_policy" */ './content/DocumentPage').then((module) => module.MediaPolicyPage),
    ),
  },
  {
    path: '/paperworks',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/paperworks" */ './content/DocumentPage').then((module) => module.PaperworksPage),
    ),
  },
  {
    path: '/enquetes',
    page: lazyPage(() => import(/* webpackChunkName: "route:/enquetes" */ './content/EnquetesPage').then((module) => module.EnquetesPage)),
  },
  {
    path: '/enquetes/:enqueteId',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/enquetes/:enqueteId" */ './content/EnquetePage').then((module) => module.EnquetePage),
    ),
  },
  {
    path: '/articles',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/articles" */ './content/articles/ArticlesPage').then((module) => module.ArticlesPage),
    ),
  },
  {
    path: '/articles/saved',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/articles/saved" */ './content/articles/SavedArticlesPage').then(
        (module) => module.SavedArticlesPage,
      ),
    ),
  },
  {
    path: '/articles/:articleId',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/articles/:articleId" */ './content/articles/ArticlePage').then((module) => module.ArticlePage),
    ),
  },
];

function Fallback() {
  const { pathname } = useLocation();
  // /settings itself is no page of the spec: its pages are under it; the profile lists them.
  if (pathname === '/settings' || pathname === '/settings/') return <Navigate to="/profile" replace />;
  // Paths no area owns, /404 itself and unknown pages of this area: the 404 page.
  return <NotFoundPage />;
}

export function AccountRoutes() {
  return <LazyRoutes routes={accountPages} fallback={<Fallback />} />;
}
