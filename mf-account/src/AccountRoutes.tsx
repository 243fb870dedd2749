import { areaForPath } from '@sukoyaka/contract';
import { ComingSoonPage, NotFoundPage } from '@sukoyaka/shared';
import { Route, Routes, useLocation } from 'react-router';
import { HomePage } from './home/HomePage';
import { LoginPage } from './login/LoginPage';
import { LogoutPage } from './login/LogoutPage';
import { NotAvailablePage, SuspensionNoticePage, UnderMaintenancePage } from './status/StatusPages';

/** Pages of the account area that later issues fill; each says it is not ready yet. */
const upcoming: Record<string, string> = {
  '/signup': '新規登録',
  '/profile': 'プロフィール',
  '/password_reset': 'パスワード再設定',
  '/settings': '設定',
  '/mfa': 'SMS認証の設定',
  '/sensitive_verification': '本人確認',
  '/org_verification': '組合員の確認',
  '/change_secret_question': '秘密の質問の変更',
  '/prompt_auth': 'パスワードの確認',
  '/privacy_provision_agreements': '情報提供への同意',
  '/associations': '規約への同意',
  '/paperworks': '各種手続き',
  '/faq': 'よくある質問',
  '/terms': '利用規約',
  '/media_policy': 'メディアポリシー',
  '/announcements': 'お知らせ',
  '/inquiry': 'お問い合わせ',
  '/enquetes': 'アンケート',
  '/email_not_verified': 'メールアドレスの確認',
  '/unassociated': '組合員情報の登録',
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
      <Route path="/login" element={<LoginPage />} />
      <Route path="/logout" element={<LogoutPage />} />
      <Route path="/under_maintenance" element={<UnderMaintenancePage />} />
      <Route path="/suspension_notice" element={<SuspensionNoticePage />} />
      <Route path="/not_available" element={<NotAvailablePage />} />
      <Route path="*" element={<Fallback />} />
    </Routes>
  );
}
