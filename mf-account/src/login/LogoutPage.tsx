import { LoadingSkeleton, PageLayout, logoutAndGoToLogin, usePageTitle } from '@sukoyaka/shared';
import { useEffect } from 'react';

/** `/logout`: a link anyone can follow to end their session; it lands on the login page. */
export function LogoutPage() {
  usePageTitle('ログアウト');
  useEffect(() => {
    logoutAndGoToLogin().catch(() => window.location.assign('/login'));
  }, []);
  return (
    <PageLayout header={{ hideButton: true }}>
      <LoadingSkeleton label="ログアウトしています" rows={1} />
    </PageLayout>
  );
}
