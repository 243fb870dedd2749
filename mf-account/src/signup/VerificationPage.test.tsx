import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import { VerificationPage } from './VerificationPage';

describe('VerificationPage (/signup/verification?token=, issue 4 "Sign-up")', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    bff.withAuthenticityToken('token-1');
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  const signedIn = (userId: string | null) =>
    bff.onCall('getSession', reply({ userId, browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));

  it('verifies with the token of the link, once, then offers to continue home', async () => {
    window.history.replaceState(null, '', '/signup/verification?token=abc_DEF-123');
    signedIn('u1');
    bff.onCall('activateUserEmailVerification', reply({ status: 'verified' }));
    renderWithProviders(<VerificationPage />);

    expect(await screen.findByRole('heading', { name: 'メールアドレスの確認が完了しました' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'すこやかをはじめる' })).toHaveAttribute('href', '/');
    const calls = bff.callsOf('activateUserEmailVerification');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ token: 'abc_DEF-123' });
  });

  it('in a browser that is not signed in, continuing means logging in', async () => {
    window.history.replaceState(null, '', '/signup/verification?token=abc');
    signedIn(null);
    bff.onCall('activateUserEmailVerification', reply({ status: 'verified' }));
    renderWithProviders(<VerificationPage />);
    expect(await screen.findByRole('link', { name: 'ログインしてはじめる' })).toHaveAttribute('href', '/login');
  });

  it("a used or expired link shows the bff's message and a way to resend", async () => {
    window.history.replaceState(null, '', '/signup/verification?token=used');
    signedIn('u1');
    bff.onCall(
      'activateUserEmailVerification',
      bffError(400, 'invalid_token', 'この確認リンクは無効です。有効期限（24時間）が切れているか、すでに使われています。'),
    );
    renderWithProviders(<VerificationPage />);
    expect(await screen.findByRole('heading', { name: 'メールアドレスを確認できませんでした' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('この確認リンクは無効です。');
    expect(await screen.findByRole('link', { name: '確認メールを再送信する' })).toHaveAttribute('href', '/email_not_verified');
  });

  it('a link without a token says so and calls nothing', async () => {
    window.history.replaceState(null, '', '/signup/verification');
    signedIn(null);
    renderWithProviders(<VerificationPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('リンクが正しくありません。');
    expect(screen.getByRole('link', { name: 'ログインして確認メールを再送信する' })).toHaveAttribute(
      'href',
      '/login?return_to=%2Femail_not_verified',
    );
    expect(bff.callsOf('activateUserEmailVerification')).toHaveLength(0);
  });

  it('issue 24 #5: the token leaves the address bar once read', async () => {
    window.history.replaceState(null, '', '/signup/verification?token=abc_DEF-456');
    signedIn('u1');
    bff.onCall('activateUserEmailVerification', reply({ status: 'verified' }));
    renderWithProviders(<VerificationPage />);
    expect(await screen.findByRole('heading', { name: 'メールアドレスの確認が完了しました' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/signup/verification');
    expect(bff.callsOf('activateUserEmailVerification').map((call) => call.body)).toEqual([{ token: 'abc_DEF-456' }]);
  });
});
