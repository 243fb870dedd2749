import { bffError, renderWithProviders, reply, setupFakeBff, windowAddress } from '@sukoyaka/shared/testing';
import { FatalErrorBoundary } from '@sukoyaka/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from './LoginPage';

describe('LoginPage, second step: the code sent by SMS (issue 4, SMS two-factor)', () => {
  const bff = setupFakeBff({ visitor: true });

  beforeEach(() => {
    window.history.replaceState(null, '', '/login?return_to=%2Fvitals');
    bff.onCall('signIn', reply({ userId: null, mfaRequired: true }));
  });

  const codeField = () => screen.getByLabelText('SMSで届いた6桁の認証コード');

  async function passPasswordStep() {
    renderWithProviders(<LoginPage />, { route: windowAddress() });
    await userEvent.type(screen.getByLabelText('メールアドレス'), 'taro@example.jp');
    await userEvent.type(screen.getByLabelText('パスワード'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    await screen.findByRole('heading', { name: 'SMS認証' });
  }

  it('the password of a member with SMS two-factor leads to the code step, not home', async () => {
    await passPasswordStep();

    expect(screen.getByText('ご登録の携帯電話番号に、SMSで6桁の認証コードを送信しました。')).toBeInTheDocument();
    expect(codeField()).toHaveFocus();
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');
    expect(window.location.pathname).toBe('/login');
    expect(bff.callsOf('verifySignInCode')).toHaveLength(0);
  });

  it('the right code completes sign-in (verifySignInCode) and goes back where the member was going', async () => {
    bff.onCall('verifySignInCode', reply({ userId: 'u1' }));
    await passPasswordStep();

    await userEvent.type(codeField(), '０１２３４５');
    await userEvent.click(screen.getByRole('button', { name: '認証してログイン' }));

    await waitFor(() => expect(window.location.pathname).toBe('/vitals'));
    const [request] = bff.callsOf('verifySignInCode');
    expect(request!.method).toBe('POST');
    expect(request!.headers['x-csrf-token']).toBe('token-1');
    // Full-width digits are accepted and sent as ASCII.
    expect(request!.body).toEqual({ code: '012345' });
  });

  it('a code that is not six digits is refused before sending', async () => {
    await passPasswordStep();

    await userEvent.type(codeField(), '1234');
    await userEvent.click(screen.getByRole('button', { name: '認証してログイン' }));

    expect(codeField()).toHaveAccessibleDescription('有効期限は5分です。 認証コードは6桁の数字で入力してください');
    expect(bff.callsOf('verifySignInCode')).toHaveLength(0);
  });

  it("a wrong code shows the bff's message under the field and empties it for the next try", async () => {
    const message = '認証コードが正しくありません。あと2回間違えると、アカウントが30分間ロックされます。';
    bff.onCall('verifySignInCode', bffError(400, 'invalid_parameters', message, { code: [message] }));
    await passPasswordStep();

    await userEvent.type(codeField(), '111111');
    await userEvent.click(screen.getByRole('button', { name: '認証してログイン' }));

    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(`有効期限は5分です。 ${message}`));
    expect(codeField()).toHaveValue('');
    expect(window.location.pathname).toBe('/login');
  });

  it('resend signs in again with the same e-mail and password, and says a new code was sent', async () => {
    await passPasswordStep();

    await userEvent.click(screen.getByRole('button', { name: '認証コードを再送信する' }));

    expect(await screen.findByText(/認証コードを再送信しました。/)).toBeInTheDocument();
    const [first, second] = bff.callsOf('signIn');
    expect(second!.body).toEqual(first!.body);
    expect(second!.body).toEqual({ email: 'taro@example.jp', password: 'secret-pass' });
  });

  it('a failed resend (too many requests) says why', async () => {
    await passPasswordStep();
    bff.onCall(
      'signIn',
      bffError(429, 'too_many_requests', '短時間に多くの操作が行われました。しばらく時間をおいてから、もう一度お試しください。'),
    );

    await userEvent.click(screen.getByRole('button', { name: '認証コードを再送信する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('短時間に多くの操作が行われました。');
    expect(screen.getByRole('heading', { name: 'SMS認証' })).toBeInTheDocument();
  });

  it('a sign-in that is no longer pending (401) shows its message', async () => {
    bff.onCall(
      'verifySignInCode',
      bffError(401, 'unauthenticated', 'ログインの手続きが見つかりません。もう一度メールアドレスとパスワードを入力してください。'),
    );
    await passPasswordStep();

    await userEvent.type(codeField(), '123456');
    await userEvent.click(screen.getByRole('button', { name: '認証してログイン' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('ログインの手続きが見つかりません。');
  });

  it('the fifth wrong code, which locks the account, shows the locked screen', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    bff.onCall('verifySignInCode', bffError(423, 'system_account_locked', 'アカウントがロックされています。'));
    renderWithProviders(
      <FatalErrorBoundary>
        <LoginPage />
      </FatalErrorBoundary>,
      { route: windowAddress() },
    );
    await userEvent.type(screen.getByLabelText('メールアドレス'), 'taro@example.jp');
    await userEvent.type(screen.getByLabelText('パスワード'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    await userEvent.type(await screen.findByLabelText('SMSで届いた6桁の認証コード'), '999999');
    await userEvent.click(screen.getByRole('button', { name: '認証してログイン' }));

    expect(await screen.findByRole('heading', { name: 'アカウントが ロックされました' })).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('going back shows the password step with the e-mail address kept and the password cleared', async () => {
    await passPasswordStep();

    await userEvent.click(screen.getByRole('button', { name: 'メールアドレスの入力に戻る' }));

    expect(screen.getByRole('heading', { name: 'ログイン' })).toBeInTheDocument();
    expect(screen.getByLabelText('メールアドレス')).toHaveValue('taro@example.jp');
    expect(screen.getByLabelText('パスワード')).toHaveValue('');
  });
});
