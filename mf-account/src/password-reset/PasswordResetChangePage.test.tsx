import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { createQueryClient } from '@sukoyaka/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PasswordResetChangePage } from './PasswordResetChangePage';

describe('PasswordResetChangePage (/password_reset/change?token=, issue 4 "Password reset")', () => {
  const bff = setupFakeBff({ visitor: true });

  beforeEach(() => {
    window.history.replaceState(null, '', '/password_reset/change?token=reset-Token_1');
  });

  const password = () => screen.getByLabelText('新しいパスワード');
  const confirmation = () => screen.getByLabelText('新しいパスワード（確認）');
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'パスワードを変更する' }));
  const HINT = '10文字以上で、推測されやすいものは使えません';

  it('states the policy and refuses a weak password before sending', async () => {
    renderWithProviders(<PasswordResetChangePage />);
    expect(password()).toHaveAccessibleDescription(HINT);
    await userEvent.type(password(), '1234567890');
    await userEvent.type(confirmation(), '1234567890');
    await submit();
    expect(password()).toHaveAccessibleDescription(`${HINT} 新しいパスワードは推測されやすいため使えません。別のものにしてください`);
    expect(bff.callsOf('updatePasswordByResetToken')).toHaveLength(0);
  });

  it('asks for the same password twice', async () => {
    renderWithProviders(<PasswordResetChangePage />);
    await userEvent.type(password(), 'aozora-no-shita-77');
    await userEvent.type(confirmation(), 'aozora-no-shita-78');
    await submit();
    expect(confirmation()).toHaveAccessibleDescription('新しいパスワード（確認）が一致しません');
    expect(bff.callsOf('updatePasswordByResetToken')).toHaveLength(0);
  });

  it('sends the token and the new password, then sends the member to log in with it; cached data is dropped', async () => {
    bff.onCall('updatePasswordByResetToken', reply({ status: 'password_updated' }));
    const queryClient = createQueryClient();
    queryClient.setQueryData(['userInfo'], { signedIn: true });
    renderWithProviders(<PasswordResetChangePage />, { queryClient });
    await userEvent.type(password(), 'aozora-no-shita-77');
    await userEvent.type(confirmation(), 'aozora-no-shita-77');
    await submit();
    expect(await screen.findByRole('heading', { name: 'パスワードを変更しました' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('すべての端末でログアウトしました');
    expect(screen.getByRole('link', { name: 'ログインする' })).toHaveAttribute('href', '/login');
    expect(bff.callsOf('updatePasswordByResetToken')[0]!.body).toEqual({ token: 'reset-Token_1', password: 'aozora-no-shita-77' });
    expect(queryClient.getQueryData(['userInfo'])).toBeUndefined();
  });

  it("a server 400 (the password contains the address) shows the bff's message on the field", async () => {
    bff.onCall(
      'updatePasswordByResetToken',
      bffError(400, 'invalid_parameters', '新しいパスワードにメールアドレスの一部を含めないでください', {
        password: ['新しいパスワードにメールアドレスの一部を含めないでください'],
      }),
    );
    renderWithProviders(<PasswordResetChangePage />);
    await userEvent.type(password(), 'hanako-yamada-77');
    await userEvent.type(confirmation(), 'hanako-yamada-77');
    await submit();
    await waitFor(() =>
      expect(password()).toHaveAccessibleDescription(`${HINT} 新しいパスワードにメールアドレスの一部を含めないでください`),
    );
  });

  it('an expired or used link hides the form and offers to ask again', async () => {
    bff.onCall(
      'updatePasswordByResetToken',
      bffError(400, 'invalid_token', 'このパスワード再設定用のリンクは無効です。有効期限（30分）が切れているか、すでに使われています。'),
    );
    renderWithProviders(<PasswordResetChangePage />);
    await userEvent.type(password(), 'aozora-no-shita-77');
    await userEvent.type(confirmation(), 'aozora-no-shita-77');
    await submit();
    expect(await screen.findByRole('heading', { name: 'このリンクは使えません' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('このパスワード再設定用のリンクは無効です。');
    expect(screen.getByRole('link', { name: 'もう一度再設定を申し込む' })).toHaveAttribute('href', '/password_reset/new');
    expect(screen.queryByLabelText('新しいパスワード')).not.toBeInTheDocument();
  });

  it('a link without a token says so at once', () => {
    window.history.replaceState(null, '', '/password_reset/change');
    renderWithProviders(<PasswordResetChangePage />);
    expect(screen.getByRole('alert')).toHaveTextContent('リンクが正しくありません。');
    expect(screen.queryByRole('button', { name: 'パスワードを変更する' })).not.toBeInTheDocument();
  });

  it('issue 24 #5: the token leaves the address bar once the page has it, and the form still sends it', async () => {
    bff.onCall('updatePasswordByResetToken', reply({ status: 'password_updated' }));
    renderWithProviders(<PasswordResetChangePage />);
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/password_reset/change');
    // Typing re-renders the page many times after the address was cleaned.
    await userEvent.type(password(), 'aozora-no-shita-77');
    await userEvent.type(confirmation(), 'aozora-no-shita-77');
    await submit();
    expect(await screen.findByRole('heading', { name: 'パスワードを変更しました' })).toBeInTheDocument();
    expect(bff.callsOf('updatePasswordByResetToken')[0]!.body).toEqual({ token: 'reset-Token_1', password: 'aozora-no-shita-77' });
  });
});
