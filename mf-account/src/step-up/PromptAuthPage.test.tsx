import { authStateQueryKey, FatalErrorBoundary, loadAccountCalls } from '@sukoyaka/shared';
import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PromptAuthPage } from './PromptAuthPage';

// The account area's module (the form's schema, with zod) as the form loads it: counted.
jest.mock('@sukoyaka/shared', () => ({
  ...jest.requireActual('@sukoyaka/shared'),
  loadAccountCalls: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/account').accountCalls)),
}));
const loadAccount = loadAccountCalls as jest.MockedFunction<typeof loadAccountCalls>;

const EXPIRY = '2026-11-22T12:15:00.000Z';

describe('PromptAuthPage (/prompt_auth, issue 4 "Step-up confirmations")', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    window.history.replaceState(null, '', '/prompt_auth?return_to=%2Fmfa%2Fsetting%2Fsms%2Fnew');
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply({ userId: 'u1', email: 'hanako@example.jp', nickname: '花子', association: null, birthday: null }));
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  const password = () => screen.findByLabelText('パスワード');
  const submit = () => userEvent.click(screen.getByRole('button', { name: '確認する' }));

  it('asks for the password, saying why and for how long', async () => {
    renderWithProviders(<PromptAuthPage />);
    expect(await password()).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'パスワードの確認' })).toBeInTheDocument();
    expect(screen.getByText(/確認後15分間は、再入力なしで操作できます。/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'パスワードをお忘れの方' })).toHaveAttribute('href', '/password_reset/new');
    expect(document.title).toBe('パスワードの確認 | すこやか');
  });

  it('issue 27: the page shows without the account schemas, also as its field takes focus; the first key loads them once', async () => {
    bff.onCall('authenticateUserPassword', reply({ passwordAuthExpireAt: EXPIRY }));
    loadAccount.mockClear();
    renderWithProviders(<PromptAuthPage />);
    // Focused as the page opens (/change_secret_question and the SMS pages send members here):
    // not the member's touch yet.
    expect(await password()).toHaveFocus();
    expect(loadAccount).not.toHaveBeenCalled();

    await userEvent.type(await password(), 'my-secret-pass');
    expect(loadAccount).toHaveBeenCalledTimes(1);
    await submit();
    await waitFor(() => expect(window.location.pathname).toBe('/mfa/setting/sms/new'));
    expect(bff.callsOf('authenticateUserPassword')[0]!.body).toEqual({ password: 'my-secret-pass' });
    expect(loadAccount).toHaveBeenCalledTimes(1);
  });

  it('an empty password is refused before sending', async () => {
    renderWithProviders(<PromptAuthPage />);
    await password();
    await submit();
    expect(await password()).toHaveAccessibleDescription('パスワードを入力してください');
    expect(bff.callsOf('authenticateUserPassword')).toHaveLength(0);
  });

  it('the right password (authenticateUserPassword) updates the auth state and goes back to return_to', async () => {
    bff.onCall('authenticateUserPassword', reply({ passwordAuthExpireAt: EXPIRY }));
    bff.onCall('getAuthState', reply({ birthdayAuthExpireAt: null, passwordAuthExpireAt: EXPIRY, mynaSecretQuestionExpireAt: null }));
    const { queryClient } = renderWithProviders(<PromptAuthPage />);
    queryClient.setQueryData(authStateQueryKey, {
      birthdayAuthExpireAt: null,
      passwordAuthExpireAt: null,
      mynaSecretQuestionExpireAt: null,
    });

    await userEvent.type(await password(), 'my-secret-pass');
    await submit();

    await waitFor(() => expect(window.location.pathname).toBe('/mfa/setting/sms/new'));
    expect(bff.callsOf('authenticateUserPassword')[0]!.body).toEqual({ password: 'my-secret-pass' });
    expect(bff.callsOf('authenticateUserPassword')[0]!.headers['x-csrf-token']).toBe('token-1');
    expect(queryClient.getQueryData(authStateQueryKey)).toMatchObject({ passwordAuthExpireAt: EXPIRY });
    expect(queryClient.getQueryState(authStateQueryKey)?.isInvalidated).toBe(true);
  });

  it.each([
    ['no return_to', '/prompt_auth'],
    ['a return_to on another origin', '/prompt_auth?return_to=%2F%2Fevil.example%2F'],
    ['a return_to that is a full URL', '/prompt_auth?return_to=https%3A%2F%2Fevil.example%2F'],
  ])('with %s it goes home after success', async (_label, url) => {
    window.history.replaceState(null, '', url);
    bff.onCall('authenticateUserPassword', reply({ passwordAuthExpireAt: EXPIRY }));
    renderWithProviders(<PromptAuthPage />);
    await userEvent.type(await password(), 'my-secret-pass');
    await submit();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(window.location.host).toBe('localhost');
  });

  it("a wrong password shows the bff's message, empties the field and stays", async () => {
    bff.onCall(
      'authenticateUserPassword',
      bffError(401, 'invalid_credentials', 'パスワードが正しくありません。あと2回間違えると、アカウントが30分間ロックされます。'),
    );
    renderWithProviders(<PromptAuthPage />);
    await userEvent.type(await password(), 'wrong-pass');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'パスワードが正しくありません。あと2回間違えると、アカウントが30分間ロックされます。',
    );
    expect(await password()).toHaveValue('');
    expect(window.location.pathname).toBe('/prompt_auth');
  });

  it('the failure that locks the account shows the locked screen', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    bff.onCall('authenticateUserPassword', bffError(423, 'system_account_locked', 'アカウントがロックされています。'));
    renderWithProviders(
      <FatalErrorBoundary>
        <PromptAuthPage />
      </FatalErrorBoundary>,
    );
    await userEvent.type(await password(), 'wrong-pass');
    await submit();
    expect(await screen.findByRole('heading', { name: 'アカウントが ロックされました' })).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('a visitor is sent to log in first, and comes back here after', async () => {
    bff.onCall('getUserInfo', bffError(401, 'unauthenticated', 'ログインしてください。'));
    renderWithProviders(<PromptAuthPage />);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('return_to')).toBe('/prompt_auth?return_to=%2Fmfa%2Fsetting%2Fsms%2Fnew');
  });
});
