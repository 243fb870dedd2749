import { bffError, renderWithProviders, reply, setupFakeBff, windowAddress } from '@sukoyaka/shared/testing';
import { FatalErrorBoundary, queryClient as sharedQueryClient } from '@sukoyaka/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from './LoginPage';

describe('LoginPage (spec §2 /login, §4, §7)', () => {
  const bff = setupFakeBff({ visitor: true });

  beforeEach(() => {
    window.history.replaceState(null, '', '/login');
  });

  const email = () => screen.getByLabelText('メールアドレス');
  const password = () => screen.getByLabelText('パスワード');
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'ログイン' }));

  it('spec §5: empty fields show the Japanese messages under each field and nothing is sent', async () => {
    renderWithProviders(<LoginPage />, { route: windowAddress() });

    await submit();

    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription('メールアドレスを入力してください');
    expect(password()).toHaveAccessibleDescription('パスワードを入力してください');
    expect(bff.callsOf('signIn')).toHaveLength(0);
    expect(document.title).toBe('ログイン | すこやか');
  });

  it('spec §5: a malformed e-mail address is refused before sending', async () => {
    renderWithProviders(<LoginPage />, { route: windowAddress() });

    await userEvent.type(email(), 'taro@');
    await userEvent.type(password(), 'secret-pass');
    await submit();

    expect(email()).toHaveAccessibleDescription('メールアドレスの形式が正しくありません');
    expect(password()).not.toHaveAttribute('aria-invalid');
    expect(bff.callsOf('signIn')).toHaveLength(0);
  });

  it("spec §7: a 401 invalid_credentials shows the bff's message and stays on the page", async () => {
    bff.onCall('signIn', bffError(401, 'invalid_credentials', 'メールアドレスまたはパスワードが正しくありません。'));
    renderWithProviders(<LoginPage />, { route: windowAddress() });

    await userEvent.type(email(), 'taro@example.jp');
    await userEvent.type(password(), 'wrong-pass');
    await submit();

    expect(await screen.findByText('メールアドレスまたはパスワードが正しくありません。')).toBeInTheDocument();
    expect(screen.getByText('メールアドレスまたはパスワードが正しくありません。')).toHaveAttribute('role', 'alert');
    expect(window.location.pathname).toBe('/login');
    expect(bff.callsOf('signIn')).toHaveLength(1);
  });

  it("spec §7: a server 400 shows the bff's field messages", async () => {
    bff.onCall(
      'signIn',
      bffError(400, 'invalid_parameters', 'メールアドレスの形式が正しくありません', { email: ['メールアドレスの形式が正しくありません'] }),
    );
    renderWithProviders(<LoginPage />, { route: windowAddress() });

    await userEvent.type(email(), 'taro@example.jp');
    await userEvent.type(password(), 'secret-pass');
    await submit();

    await waitFor(() => expect(email()).toHaveAccessibleDescription('メールアドレスの形式が正しくありません'));
    expect(screen.getAllByText('メールアドレスの形式が正しくありません')).toHaveLength(1);
  });

  it("spec §7: success calls signIn (POST, JSON, authenticity token), drops the visitor's cache and goes back where the member was going", async () => {
    window.history.replaceState(null, '', '/login?return_to=%2Fvitals%3Ftab%3Dbp');
    bff.onCall('signIn', reply({ userId: 'u1', mfaRequired: false }));
    sharedQueryClient.setQueryData(['userInfo'], { visitor: true });
    renderWithProviders(<LoginPage />, { route: windowAddress() });

    await userEvent.type(email(), ' Taro@Example.JP ');
    await userEvent.type(password(), 'secret-pass');
    await submit();

    await waitFor(() => expect(window.location.pathname).toBe('/vitals'));
    expect(window.location.search).toBe('?tab=bp');
    const [request] = bff.callsOf('signIn');
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
    expect(request!.headers['x-csrf-token']).toBe('token-1');
    expect(request!.body).toEqual({ email: 'taro@example.jp', password: 'secret-pass' });
    expect(sharedQueryClient.getQueryData(['userInfo'])).toBeUndefined();
  });

  it.each([
    ['no return_to', '/login'],
    ['a return_to on another origin', '/login?return_to=%2F%2Fevil.example%2F'],
    ['a return_to that is not a path', '/login?return_to=https%3A%2F%2Fevil.example%2F'],
  ])('spec §7: after success with %s the member lands on home', async (_label, url) => {
    window.history.replaceState(null, '', url);
    bff.onCall('signIn', reply({ userId: 'u1', mfaRequired: false }));
    renderWithProviders(<LoginPage />, { route: windowAddress() });

    await userEvent.type(email(), 'taro@example.jp');
    await userEvent.type(password(), 'secret-pass');
    await submit();

    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(window.location.host).toBe('localhost');
  });

  it('spec §4: a locked account met at sign-in shows the locked screen', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    bff.onCall('signIn', bffError(403, 'system_account_locked', 'アカウントがロックされています。'));
    renderWithProviders(
      <FatalErrorBoundary>
        <LoginPage />
      </FatalErrorBoundary>,
      { route: windowAddress() },
    );

    await userEvent.type(email(), 'taro@example.jp');
    await userEvent.type(password(), 'wrong-pass');
    await submit();

    expect(await screen.findByRole('heading', { name: 'アカウントが ロックされました' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    consoleError.mockRestore();
  });
});
