import { createQueryClient } from '@sukoyaka/shared';
import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { HomePage } from './HomePage';

const ASSOCIATION = { id: '5a1c0d3e-0000-4000-8000-000000000001', name: 'すこやか健康保険組合' };
const navigation = {
  nickname: 'すこやか 花子',
  emailVerified: true,
  association: ASSOCIATION,
  pendingAgreementAssociationId: null,
  smsMfaEnabled: false,
  next: null as string | null,
};

describe('HomePage (/) and getNavigationInfo', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall(
      'getUserInfo',
      reply({ userId: 'u1', email: 'hanako@example.jp', nickname: 'すこやか 花子', association: ASSOCIATION, birthday: null }),
    );
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it.each(['/email_not_verified', '/unassociated', `/associations/${ASSOCIATION.id}/agreements`])(
    'sends a member whose next step is %s there, replacing home in the history',
    async (next) => {
      bff.onCall('getNavigationInfo', reply({ ...navigation, next }));
      const before = window.history.length;
      renderWithProviders(<HomePage />);

      await waitFor(() => expect(window.location.pathname).toBe(next));
      expect(window.history.length).toBe(before);
      expect(screen.queryByText('すこやか 花子さん、こんにちは')).not.toBeInTheDocument();
      expect(bff.callsOf('getUserInfo')).toHaveLength(0);
    },
  );

  it('greets a member with nothing left to do, and links to the account settings', async () => {
    bff.onCall('getNavigationInfo', reply(navigation));
    renderWithProviders(<HomePage />);

    expect(await screen.findByRole('heading', { name: 'すこやか 花子さん、こんにちは' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'アカウント設定' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'プロフィール・アカウント設定' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: '通知設定' })).toHaveAttribute('href', '/settings/notifications');
    // The My Number records and the connection (issue 12).
    expect(screen.getByRole('link', { name: '健康レポート（健診結果）' })).toHaveAttribute('href', '/health_reports');
    expect(screen.getByRole('link', { name: 'マイナポータル連携' })).toHaveAttribute('href', '/myna_connection');
    expect(window.location.pathname).toBe('/');
  });

  it('does not follow an out-of-date cached next step (the member has just linked and agreed): it asks again first', async () => {
    bff.onCall('getNavigationInfo', reply(navigation));
    const queryClient = createQueryClient();
    queryClient.setQueryData(['navigationInfo'], { ...navigation, association: null, next: '/unassociated' });
    await queryClient.invalidateQueries({ queryKey: ['navigationInfo'] });
    renderWithProviders(<HomePage />, { queryClient });

    expect(await screen.findByRole('heading', { name: 'すこやか 花子さん、こんにちは' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(bff.callsOf('getNavigationInfo')).toHaveLength(1);
  });

  it('shows a visitor the introduction', async () => {
    bff.onCall('getSession', reply({ userId: null, browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getNavigationInfo', bffError(401, 'unauthenticated', 'ログインしてください。'));
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('heading', { name: '健康づくりを、毎日すこやかに。' })).toBeInTheDocument();
    expect(bff.callsOf('getUserInfo')).toHaveLength(0);
  });
});
