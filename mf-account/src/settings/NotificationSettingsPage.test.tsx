import { bffError, deferred, renderWithProviders, reply, setupFakeBff, type FakeReply } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationSettingsPage } from './NotificationSettingsPage';

const member = { userId: 'u1', email: 'taro@example.jp', nickname: 'すこやか 花子', association: null, birthday: null };
const allOn = { announcements: true, points: true, health: true, campaigns: true, walking: true };

describe('NotificationSettingsPage (/settings/notifications)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply(member));
  });

  it('shows each category with its Japanese label, as stored', async () => {
    bff.onCall('getNotificationSettings', reply({ settings: { ...allOn, campaigns: false } }));
    renderWithProviders(<NotificationSettingsPage />);

    expect(await screen.findByRole('checkbox', { name: 'お知らせ' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'ポイント・コイン' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '健康記録のリマインド' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'キャンペーン' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: '受け取る通知' })).toBeInTheDocument();
    expect(document.title).toBe('通知設定 | すこやか');
  });

  it('saves every category at once and says so', async () => {
    bff.onCall('getNotificationSettings', reply({ settings: allOn }));
    bff.onCall('updateNotificationSettings', (request) => reply(request.body));
    renderWithProviders(<NotificationSettingsPage />);

    await userEvent.click(await screen.findByRole('checkbox', { name: 'ポイント・コイン' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'キャンペーン' }));
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByText('通知設定を保存しました。')).toBeInTheDocument();
    expect(bff.callsOf('updateNotificationSettings')[0]!.body).toEqual({
      settings: { announcements: true, points: false, health: true, campaigns: false, walking: true },
    });
  });

  it('shows a loading state, then the form', async () => {
    const answer = deferred<FakeReply>();
    bff.onCall('getNotificationSettings', () => answer.promise);
    renderWithProviders(<NotificationSettingsPage />);
    expect(await screen.findByText('通知設定を読み込んでいます…')).toBeInTheDocument();
    answer.resolve(reply({ settings: allOn }));
    expect(await screen.findByRole('checkbox', { name: 'お知らせ' })).toBeInTheDocument();
  });

  it("shows the bff's message when saving fails, and keeps the choices", async () => {
    bff.onCall('getNotificationSettings', reply({ settings: allOn }));
    bff.onCall('updateNotificationSettings', bffError(500, 'internal_error', 'システムエラーです'));
    renderWithProviders(<NotificationSettingsPage />);

    await userEvent.click(await screen.findByRole('checkbox', { name: 'お知らせ' }));
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('システムエラーです');
    expect(screen.getByRole('checkbox', { name: 'お知らせ' })).not.toBeChecked();
    expect(screen.queryByText('通知設定を保存しました。')).not.toBeInTheDocument();
  });
});
