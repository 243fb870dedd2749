import { screen } from '@testing-library/react';
import { bffError, renderWithProviders, reply, setupFakeBff } from '../testing';
import { PageLayout } from './page-parts';

describe('the header bell (issue 14)', () => {
  const bff = setupFakeBff();
  const renderPage = () =>
    renderWithProviders(
      <PageLayout>
        <p>content</p>
      </PageLayout>,
    );

  it('shows a signed-in member the unread count, labelled for screen readers, linking to /announcements', async () => {
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('countUnreadAnnouncements', reply({ unreadCount: 3 }));
    renderPage();
    const bell = await screen.findByRole('link', { name: 'お知らせ（未読3件）' });
    expect(bell).toHaveAttribute('href', '/announcements');
    expect(screen.getByRole('button', { name: 'ログアウト' })).toBeInTheDocument();
  });

  it('a refused count leaves a plain link and the page as it is', async () => {
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('countUnreadAnnouncements', bffError(403, 'user_email_not_verified', 'メールアドレスを確認してください。'));
    renderPage();
    expect(await screen.findByRole('link', { name: 'お知らせ' })).toHaveAttribute('href', '/announcements');
    expect(screen.getByText('content')).toBeInTheDocument();
  });

  it('a visitor has no bell', async () => {
    bff.onCall('getSession', reply({ userId: null, browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    renderPage();
    await screen.findByRole('link', { name: 'ログイン・新規登録' });
    expect(screen.queryByRole('link', { name: /^お知らせ/ })).not.toBeInTheDocument();
    expect(bff.callsOf('countUnreadAnnouncements')).toHaveLength(0);
  });
});
