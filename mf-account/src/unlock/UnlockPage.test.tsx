import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import { UnlockPage } from './UnlockPage';

describe('UnlockPage (/unlock?token=, issue 8 "anyone can lock any member out")', () => {
  const bff = setupFakeBff({ visitor: true });

  it('ends the lock with the token of the link, once, then offers to sign in', async () => {
    window.history.replaceState(null, '', '/unlock?token=unlock_Token-1');
    bff.onCall('unlockAccount', reply({ status: 'unlocked' }));
    renderWithProviders(<UnlockPage />);

    expect(await screen.findByRole('heading', { name: 'ログインを再開しました' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('アカウントのロックを解除しました。');
    expect(screen.getByRole('link', { name: 'ログインする' })).toHaveAttribute('href', '/login');
    const calls = bff.callsOf('unlockAccount');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ token: 'unlock_Token-1' });
    expect(calls[0]!.headers['x-csrf-token']).toBe('token-1');
    expect(document.title).toBe('ログインの再開 | すこやか');
  });

  it("a used or expired link shows the bff's message and the ways on", async () => {
    window.history.replaceState(null, '', '/unlock?token=used');
    const message =
      'このロック解除用のリンクは無効です。有効期限（30分）が切れているか、すでに使われています。ロックは30分で自動的に解除されます。お急ぎの場合は、パスワードを再設定してください。';
    bff.onCall('unlockAccount', bffError(400, 'invalid_token', message));
    renderWithProviders(<UnlockPage />);

    expect(await screen.findByRole('heading', { name: 'ログインを再開できませんでした' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'パスワードを再設定する' })).toHaveAttribute('href', '/password_reset/new');
    expect(screen.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/login');
  });

  it('a link without its token says so and calls nothing', async () => {
    window.history.replaceState(null, '', '/unlock');
    renderWithProviders(<UnlockPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('リンクが正しくありません。');
    expect(bff.callsOf('unlockAccount')).toHaveLength(0);
  });

  it('issue 24 #5: the token leaves the address bar once read; the page still shows the outcome', async () => {
    window.history.replaceState(null, '', '/unlock?token=unlock_Token-2');
    bff.onCall('unlockAccount', reply({ status: 'unlocked' }));
    renderWithProviders(<UnlockPage />);
    expect(await screen.findByRole('heading', { name: 'ログインを再開しました' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/unlock');
    expect(bff.callsOf('unlockAccount').map((call) => call.body)).toEqual([{ token: 'unlock_Token-2' }]);
  });
});
