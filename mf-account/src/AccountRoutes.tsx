import { areaForPath, pagePaths } from '@sukoyaka/contract';
import { ComingSoonPage, NotFoundPage } from '@sukoyaka/shared';
import { Route, Routes, useLocation } from 'react-router';
import { EmailChangeConfirmPage } from './email-change/EmailChangeConfirmPage';
import { EmailSettingsPage } from './email-change/EmailSettingsPage';
import { AssociationAgreementsPage } from './agreements/AssociationAgreementsPage';
import { PrivacyProvisionPage } from './agreements/PrivacyProvisionPage';
import { HomePage } from './home/HomePage';
import { OrgVerificationPage } from './org-verification/OrgVerificationPage';
import { UnassociatedPage } from './org-verification/UnassociatedPage';
import { NotificationSettingsPage } from './settings/NotificationSettingsPage';
import { ProfilePage } from './settings/ProfilePage';
import { LoginPage } from './login/LoginPage';
import { LogoutPage } from './login/LogoutPage';
import { SmsMfaEditPage } from './mfa/SmsMfaEditPage';
import { SmsMfaIntroPage } from './mfa/SmsMfaIntroPage';
import { SmsMfaNewPage } from './mfa/SmsMfaNewPage';
import { PasswordResetChangePage } from './password-reset/PasswordResetChangePage';
import { PasswordResetNewPage } from './password-reset/PasswordResetNewPage';
import { EmailNotVerifiedPage } from './signup/EmailNotVerifiedPage';
import { SignupPage } from './signup/SignupPage';
import { VerificationPage } from './signup/VerificationPage';
import { NotAvailablePage, SuspensionNoticePage, UnderMaintenancePage } from './status/StatusPages';
import { PromptAuthPage } from './step-up/PromptAuthPage';
import { SensitiveVerificationPage } from './step-up/SensitiveVerificationPage';

/** Pages of the account area that later issues fill; each says it is not ready yet. */
const upcoming: Record<string, string> = {
  '/settings': '設定',
  '/change_secret_question': '秘密の質問の変更',
  '/paperworks': '各種手続き',
  '/faq': 'よくある質問',
  '/terms': '利用規約',
  '/media_policy': 'メディアポリシー',
  '/announcements': 'お知らせ',
  '/inquiry': 'お問い合わせ',
  '/enquetes': 'アンケート',
};

function Fallback() {
  const { pathname } = useLocation();
  // Paths no area owns, and /404 itself, show the 404 page.
  if (areaForPath(pathname) === null || pathname === '/404') return <NotFoundPage />;
  const prefix = Object.keys(upcoming).find((candidate) => pathname === candidate || pathname.startsWith(`${candidate}/`));
  return prefix ? <ComingSoonPage title={upcoming[prefix]!} /> : <NotFoundPage />;
}

export function AccountRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path={pagePaths.login} element={<LoginPage />} />
      <Route path="/logout" element={<LogoutPage />} />
      <Route path="/signup" element={<SignupPage />} />
      <Route path={pagePaths.signupVerification} element={<VerificationPage />} />
      <Route path={pagePaths.emailNotVerified} element={<EmailNotVerifiedPage />} />
      <Route path="/password_reset/new" element={<PasswordResetNewPage />} />
      <Route path={pagePaths.passwordResetChange} element={<PasswordResetChangePage />} />
      <Route path="/settings/email" element={<EmailSettingsPage />} />
      <Route path={pagePaths.emailChangeConfirm} element={<EmailChangeConfirmPage />} />
      <Route path="/org_verification" element={<OrgVerificationPage />} />
      <Route path={pagePaths.unassociated} element={<UnassociatedPage />} />
      <Route path="/associations/:associationId/agreements" element={<AssociationAgreementsPage />} />
      <Route path="/privacy_provision_agreements" element={<PrivacyProvisionPage />} />
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/settings/notifications" element={<NotificationSettingsPage />} />
      <Route path="/mfa/setting/sms/intro" element={<SmsMfaIntroPage />} />
      <Route path="/mfa/setting/sms/new" element={<SmsMfaNewPage />} />
      <Route path="/mfa/setting/sms/edit" element={<SmsMfaEditPage />} />
      <Route path={pagePaths.promptAuth} element={<PromptAuthPage />} />
      <Route path={pagePaths.sensitiveVerification} element={<SensitiveVerificationPage />} />
      <Route path={pagePaths.underMaintenance} element={<UnderMaintenancePage />} />
      <Route path={pagePaths.suspensionNotice} element={<SuspensionNoticePage />} />
      <Route path="/not_available" element={<NotAvailablePage />} />
      <Route path="*" element={<Fallback />} />
    </Routes>
  );
}
