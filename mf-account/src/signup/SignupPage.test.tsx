import { bffError, deferred, renderWithProviders, reply, setupFakeBff, type FakeReply } from '@sukoyaka/shared/testing';
import { createQueryClient } from '@sukoyaka/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignupPage } from './SignupPage';

describe('SignupPage (/signup, issue 4 "Sign-up")', () => {
  const bff = setupFakeBff({ visitor: true });

  beforeEach(() => {
    window.history.replaceState(null, '', '/signup');
    bff.onCall('validateEmail', reply({ valid: true }));
  });

  const email = () => screen.getByLabelText('メールアドレス');
  const password = () => screen.getByLabelText('パスワード');
  const terms = () => screen.getByRole('checkbox', { name: /^利用規約\s?に同意する$/ });
  const submit = () => userEvent.click(screen.getByRole('button', { name: '登録する' }));

  async function fillIn(values: { email?: string; password?: string; agree?: boolean } = {}) {
    await userEvent.type(email(), values.email ?? 'hanako@example.jp');
    await userEvent.type(password(), values.password ?? 'midori-no-kaze-2026');
    if (values.agree ?? true) await userEvent.click(terms());
  }

  it('spec §2: the header button reads パソコンから新規登録 in the sign-up flow; the policy is stated under the password', async () => {
    renderWithProviders(<SignupPage />);
    expect(await screen.findByRole('link', { name: 'パソコンから新規登録' })).toHaveAttribute('href', '/signup');
    expect(password()).toHaveAccessibleDescription('10文字以上で、推測されやすいものは使えません');
    expect(screen.getByRole('link', { name: '利用規約' })).toHaveAttribute('href', '/terms');
    expect(document.title).toBe('新規登録 | すこやか');
  });

  it('empty fields show a Japanese message under each and nothing is sent', async () => {
    renderWithProviders(<SignupPage />);
    await submit();
    expect(email()).toHaveAccessibleDescription('メールアドレスを入力してください');
    expect(password()).toHaveAccessibleDescription('10文字以上で、推測されやすいものは使えません パスワードを入力してください');
    expect(terms()).toHaveAccessibleDescription('利用規約への同意が必要です');
    expect(bff.callsOf('signUp')).toHaveLength(0);
  });

  it.each([
    ['too short', 'kazefuku9', 'パスワードは10文字以上で入力してください'],
    ['common', 'qwertyuiop', 'パスワードは推測されやすいため使えません。別のものにしてください'],
    ['made of the address', 'hanako-1234567', 'パスワードにメールアドレスの一部を含めないでください'],
  ])('a password that is %s is refused before sending', async (_label, value, message) => {
    renderWithProviders(<SignupPage />);
    await fillIn({ password: value });
    await submit();
    expect(password()).toHaveAccessibleDescription(`10文字以上で、推測されやすいものは使えません ${message}`);
    expect(bff.callsOf('signUp')).toHaveLength(0);
  });

  it('checks the address with validateEmail when the member leaves the field, and shows its message', async () => {
    bff.onCall(
      'validateEmail',
      reply({ valid: false, message: 'メールアドレスのドメイン「gmial.com」をご確認ください。「gmail.com」ではありませんか？' }),
    );
    renderWithProviders(<SignupPage />);
    await userEvent.type(email(), 'Hanako@gmial.com');
    await userEvent.tab();
    await waitFor(() =>
      expect(email()).toHaveAccessibleDescription('メールアドレスのドメイン「gmial.com」をご確認ください。「gmail.com」ではありませんか？'),
    );
    const [request] = bff.callsOf('validateEmail');
    expect(request!.method).toBe('GET');
    expect(request!.query).toEqual({ email: 'hanako@gmial.com' });
  });

  it('sends signUp with the agreement, then shows the check-your-mail state; the visitor cache is dropped', async () => {
    const answer = deferred<FakeReply>();
    bff.onCall('signUp', () => answer.promise);
    const queryClient = createQueryClient();
    queryClient.setQueryData(['userInfo'], { visitor: true });
    renderWithProviders(<SignupPage />, { queryClient });
    await fillIn({ email: ' Hanako@Example.JP ' });
    await submit();

    expect(await screen.findByRole('button', { name: '登録しています…' })).toBeDisabled();
    answer.resolve(reply({ status: 'verification_sent' }));

    expect(await screen.findByRole('heading', { name: '確認メールを送信しました' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('hanako@example.jp にメールを送信しました。');
    // Issue 8: sign-up signs nobody in, so the next step is signing in (resending is offered there).
    expect(screen.getByRole('status')).toHaveTextContent('確認を完了してから、ログインしてください。');
    expect(screen.getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/login');
    const [request] = bff.callsOf('signUp');
    expect(request!.headers['x-csrf-token']).toBe('token-1');
    expect(request!.body).toEqual({ email: 'hanako@example.jp', password: 'midori-no-kaze-2026', agreedToTerms: true });
    expect(queryClient.getQueryData(['userInfo'])).toBeUndefined();
  });

  it("a server 400 shows the bff's field messages", async () => {
    bff.onCall(
      'signUp',
      bffError(400, 'invalid_parameters', '利用規約への同意が必要です', { agreedToTerms: ['利用規約への同意が必要です'] }),
    );
    renderWithProviders(<SignupPage />);
    await fillIn();
    await submit();
    await waitFor(() => expect(terms()).toHaveAccessibleDescription('利用規約への同意が必要です'));
    expect(screen.queryByRole('heading', { name: '確認メールを送信しました' })).not.toBeInTheDocument();
  });

  it('an error of the call stays on the form with its message (mail is never the cause: it leaves through the outbox)', async () => {
    bff.onCall('signUp', bffError(500, 'internal_error', 'システムエラーです'));
    renderWithProviders(<SignupPage />);
    await fillIn();
    await submit();
    const alert = await screen.findByText(/システムエラーです/);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: '確認メールを送信しました' })).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/signup');
  });
});
