import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import { EmailChangeConfirmPage } from './EmailChangeConfirmPage';

describe('EmailChangeConfirmPage (/settings/email/confirm?token=, issue 4 "E-mail change")', () => {
  const bff = setupFakeBff({ visitor: true });

  it('changes the address with the token of the link, once, and says which address to log in with', async () => {
    window.history.replaceState(null, '', '/settings/email/confirm?token=change-1');
    bff.onCall('activateUserEmailChange', reply({ status: 'email_changed', email: 'hanako.new@example.jp' }));
    renderWithProviders(<EmailChangeConfirmPage />);
    expect(await screen.findByRole('heading', { name: 'メールアドレスを変更しました' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('新しいメールアドレスは hanako.new@example.jp です。');
    expect(screen.getByRole('link', { name: 'ログインする' })).toHaveAttribute('href', '/login');
    expect(bff.callsOf('activateUserEmailChange').map((request) => request.body)).toEqual([{ token: 'change-1' }]);
  });

  it('an address taken meanwhile, or a used link, shows the message and the way back to the settings', async () => {
    window.history.replaceState(null, '', '/settings/email/confirm?token=change-2');
    bff.onCall(
      'activateUserEmailChange',
      bffError(400, 'invalid_token', 'このメールアドレスはすでに別のアカウントで使われているため、変更できませんでした。'),
    );
    renderWithProviders(<EmailChangeConfirmPage />);
    expect(await screen.findByRole('heading', { name: 'メールアドレスを変更できませんでした' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('すでに別のアカウントで使われている');
    expect(screen.getByRole('link', { name: 'メールアドレスの設定へ' })).toHaveAttribute('href', '/settings/email');
  });

  it('a link without a token says so and calls nothing', () => {
    window.history.replaceState(null, '', '/settings/email/confirm');
    renderWithProviders(<EmailChangeConfirmPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('リンクが正しくありません。');
    expect(bff.callsOf('activateUserEmailChange')).toHaveLength(0);
  });

  it('issue 24 #5: the token leaves the address bar once read', async () => {
    window.history.replaceState(null, '', '/settings/email/confirm?token=change-3');
    bff.onCall('activateUserEmailChange', reply({ status: 'email_changed', email: 'hanako.new@example.jp' }));
    renderWithProviders(<EmailChangeConfirmPage />);
    expect(await screen.findByRole('heading', { name: 'メールアドレスを変更しました' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/settings/email/confirm');
    expect(bff.callsOf('activateUserEmailChange').map((request) => request.body)).toEqual([{ token: 'change-3' }]);
  });
});
