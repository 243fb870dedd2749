import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UnsubscribePage } from './UnsubscribePage';

const MEMBER = '3f2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const TOKEN = `${MEMBER}.announcements.c2lnbmF0dXJlLW9mLXRoZS1zZXJ2ZXJfMDEyMzQ1Njc4OQ`;

describe('UnsubscribePage (/settings/notifications/unsubscribe?token=, issue 14 notifications)', () => {
  const bff = setupFakeBff({ visitor: true });

  it('says what will stop and changes nothing until the button is pressed; then shows the result', async () => {
    window.history.replaceState(null, '', `/settings/notifications/unsubscribe?token=${encodeURIComponent(TOKEN)}`);
    bff.onCall('unsubscribeNotification', reply({ category: 'announcements', label: 'お知らせ' }));
    renderWithProviders(<UnsubscribePage />);

    expect(await screen.findByRole('heading', { name: '通知メールの配信停止' })).toBeInTheDocument();
    expect(screen.getByText(/「お知らせ」/)).toBeInTheDocument();
    // Opening the link (as a mail scanner does) calls nothing.
    expect(bff.callsOf('unsubscribeNotification')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: '配信を停止する' }));
    expect(await screen.findByRole('heading', { name: '配信を停止しました' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('「お知らせ」のメールは今後お送りしません。');
    const calls = bff.callsOf('unsubscribeNotification');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ token: TOKEN });
    expect(calls[0]!.headers['x-csrf-token']).toBe('token-1');
    expect(screen.getByRole('link', { name: '通知設定へ' })).toHaveAttribute('href', '/settings/notifications');
    expect(document.title).toBe('通知メールの配信停止 | すこやか');
  });

  it("a refused token shows the bff's message and leaves the button to try again", async () => {
    window.history.replaceState(null, '', `/settings/notifications/unsubscribe?token=${encodeURIComponent(TOKEN)}`);
    const message =
      'この配信停止のリンクは無効です。メールに記載されたリンクをそのまま開くか、ログインして「通知設定」から変更してください。';
    bff.onCall('unsubscribeNotification', bffError(400, 'invalid_token', message));
    renderWithProviders(<UnsubscribePage />);

    await userEvent.click(await screen.findByRole('button', { name: '配信を停止する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: '配信を停止する' })).toBeEnabled();
  });

  it('a link without a token, or naming no category, says so and calls nothing', async () => {
    window.history.replaceState(null, '', '/settings/notifications/unsubscribe?token=garbled');
    renderWithProviders(<UnsubscribePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('リンクが正しくありません。');
    expect(screen.queryByRole('button', { name: '配信を停止する' })).not.toBeInTheDocument();
    expect(bff.callsOf('unsubscribeNotification')).toHaveLength(0);
  });

  it('issue 24 #5: the token leaves the address bar once read, and the button still sends it', async () => {
    window.history.replaceState(null, '', `/settings/notifications/unsubscribe?token=${encodeURIComponent(TOKEN)}`);
    bff.onCall('unsubscribeNotification', reply({ category: 'announcements', label: 'お知らせ' }));
    renderWithProviders(<UnsubscribePage />);
    expect(await screen.findByRole('heading', { name: '通知メールの配信停止' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/settings/notifications/unsubscribe');
    await userEvent.click(screen.getByRole('button', { name: '配信を停止する' }));
    expect(await screen.findByRole('heading', { name: '配信を停止しました' })).toBeInTheDocument();
    expect(bff.callsOf('unsubscribeNotification').map((call) => call.body)).toEqual([{ token: TOKEN }]);
  });
});
