import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmailNotVerifiedPage } from './EmailNotVerifiedPage';

describe('EmailNotVerifiedPage (/email_not_verified, issue 4 "Sign-up")', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    window.history.replaceState(null, '', '/email_not_verified');
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserEmail', reply({ email: 'hanako@example.jp', pendingEmail: null }));
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  const resendButton = () => screen.findByRole('button', { name: '確認メールを再送信する' });

  it('explains what happened and shows the address the mail went to', async () => {
    renderWithProviders(<EmailNotVerifiedPage />);
    expect(await screen.findByRole('heading', { name: 'メールアドレスの確認が完了していません' })).toBeInTheDocument();
    expect(screen.getByText('hanako@example.jp')).toBeInTheDocument();
    expect(document.title).toBe('メールアドレスの確認 | すこやか');
  });

  it('resends the mail and says so', async () => {
    bff.onCall('resendMailUserEmailVerification', reply({ status: 'verification_sent' }));
    renderWithProviders(<EmailNotVerifiedPage />);
    await userEvent.click(await resendButton());
    expect(await screen.findByText(/確認メールを再送信しました。/)).toHaveAttribute('role', 'status');
    expect(bff.callsOf('resendMailUserEmailVerification')[0]!.method).toBe('POST');
  });

  it("one mail a minute: a 429 shows the bff's message and the button can be used again", async () => {
    bff.onCall(
      'resendMailUserEmailVerification',
      bffError(429, 'too_many_requests', 'メールは1分に1回まで送信できます。42秒ほど待ってから、もう一度お試しください。'),
    );
    renderWithProviders(<EmailNotVerifiedPage />);
    await userEvent.click(await resendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('メールは1分に1回まで送信できます。42秒ほど待ってから');
    expect(await resendButton()).toBeEnabled();
  });

  it('an address verified meanwhile is told so, with the way home', async () => {
    bff.onCall('resendMailUserEmailVerification', reply({ status: 'already_verified' }));
    renderWithProviders(<EmailNotVerifiedPage />);
    await userEvent.click(await resendButton());
    expect(await screen.findByText(/メールアドレスの確認はすでに完了しています。/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ホームへ進む' })).toHaveAttribute('href', '/');
  });

  it('a visitor is sent to log in and brought back', async () => {
    bff.onCall('getSession', reply({ userId: null, browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserEmail', bffError(401, 'unauthenticated', 'ログインしてください。'));
    renderWithProviders(<EmailNotVerifiedPage />);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.location.search).toBe('?return_to=%2Femail_not_verified');
  });
});
