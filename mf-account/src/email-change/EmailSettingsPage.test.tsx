import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadAccountCalls } from '@sukoyaka/shared';
import { EmailSettingsPage } from './EmailSettingsPage';

// The account area's module (the form's schema, with zod) as the form loads it: counted.
jest.mock('@sukoyaka/shared', () => ({
  ...jest.requireActual('@sukoyaka/shared'),
  loadAccountCalls: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/account').accountCalls)),
}));
const loadAccount = loadAccountCalls as jest.MockedFunction<typeof loadAccountCalls>;

describe('EmailSettingsPage (/settings/email, issue 4 "E-mail change")', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    window.history.replaceState(null, '', '/settings/email');
    window.sessionStorage.clear();
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply({ userId: 'u1', email: 'hanako@example.jp', nickname: '花子', association: null, birthday: null }));
    bff.onCall('getUserEmail', reply({ email: 'hanako@example.jp', pendingEmail: null }));
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  const newEmail = () => screen.findByLabelText('新しいメールアドレス');
  const submit = () => userEvent.click(screen.getByRole('button', { name: '確認メールを送信する' }));

  it('shows the current address', async () => {
    renderWithProviders(<EmailSettingsPage />);
    expect(await screen.findByText('hanako@example.jp')).toBeInTheDocument();
    expect(document.title).toBe('メールアドレスの変更 | すこやか');
  });

  it('issue 27: the page shows without the account schemas; the form loads them once, at its first touch', async () => {
    bff.onCall('createUserEmailChange', reply({ status: 'confirmation_sent' }));
    loadAccount.mockClear();
    renderWithProviders(<EmailSettingsPage />);
    expect(await screen.findByText('hanako@example.jp')).toBeInTheDocument();
    const field = await newEmail();
    expect(loadAccount).not.toHaveBeenCalled();

    await userEvent.type(field, 'hanako@yahoo.co.jo');
    expect(loadAccount).toHaveBeenCalledTimes(1);
    await submit();
    // The schema's own check (a likely typo of the domain), as before.
    expect(field).toHaveAccessibleDescription(
      '新しいメールアドレスのドメイン「yahoo.co.jo」をご確認ください。「yahoo.co.jp」ではありませんか？',
    );
    await userEvent.clear(field);
    await userEvent.type(field, 'hanako.new@example.jp');
    await submit();
    expect(await screen.findByText(/に確認メールを送信しました。/)).toBeInTheDocument();
    expect(bff.callsOf('createUserEmailChange')).toHaveLength(1);
    expect(loadAccount).toHaveBeenCalledTimes(1);
  });

  it('refuses an empty or mistyped address before sending', async () => {
    renderWithProviders(<EmailSettingsPage />);
    const field = await newEmail();
    await submit();
    expect(field).toHaveAccessibleDescription('新しいメールアドレスを入力してください');
    await userEvent.type(field, 'hanako@yahoo.co.jo');
    await submit();
    expect(field).toHaveAccessibleDescription(
      '新しいメールアドレスのドメイン「yahoo.co.jo」をご確認ください。「yahoo.co.jp」ではありませんか？',
    );
    expect(bff.callsOf('createUserEmailChange')).toHaveLength(0);
  });

  it('sends the new address, says a mail was sent and shows the change as pending', async () => {
    let pending: string | null = null;
    bff.onCall('getUserEmail', () => reply({ email: 'hanako@example.jp', pendingEmail: pending }));
    bff.onCall('createUserEmailChange', (request) => {
      pending = (request.body as { email: string }).email;
      return reply({ status: 'confirmation_sent' });
    });
    renderWithProviders(<EmailSettingsPage />);
    await userEvent.type(await newEmail(), 'Hanako.New@Example.jp');
    await submit();

    expect(await screen.findByText(/に確認メールを送信しました。/)).toBeInTheDocument();
    expect(await screen.findByText(/への変更を確認しています。/)).toHaveTextContent('hanako.new@example.jp への変更を確認しています。');
    expect(bff.callsOf('createUserEmailChange')[0]!.body).toEqual({ email: 'hanako.new@example.jp' });
    expect(await newEmail()).toHaveValue('');
  });

  it('without a fresh password confirmation the member is sent to /prompt_auth and back; the typed address is kept', async () => {
    bff.onCall(
      'createUserEmailChange',
      bffError(403, 'password_authentication_required', '続けるには、パスワードを入力して本人確認をしてください。'),
    );
    renderWithProviders(<EmailSettingsPage />);
    await userEvent.type(await newEmail(), 'hanako.new@example.jp');
    await submit();
    await waitFor(() => expect(window.location.pathname).toBe('/prompt_auth'));
    expect(window.location.search).toBe('?return_to=%2Fsettings%2Femail');
    expect(window.sessionStorage.getItem('sukoyaka.emailChangeDraft')).toBe('hanako.new@example.jp');
  });

  it('brings back the address typed before the password confirmation', async () => {
    window.sessionStorage.setItem('sukoyaka.emailChangeDraft', 'hanako.new@example.jp');
    renderWithProviders(<EmailSettingsPage />);
    expect(await newEmail()).toHaveValue('hanako.new@example.jp');
  });

  it('a pending change can be resent; 429 shows its message', async () => {
    bff.onCall('getUserEmail', reply({ email: 'hanako@example.jp', pendingEmail: 'hanako.new@example.jp' }));
    bff.onCall('resendMailUserEmailChange', reply({ status: 'confirmation_sent' }), { times: 1 });
    renderWithProviders(<EmailSettingsPage />);
    const resend = await screen.findByRole('button', { name: '確認メールを再送信する' });
    await userEvent.click(resend);
    expect(await screen.findByText('確認メールを再送信しました。新しいメールのリンクを開いてください。')).toBeInTheDocument();

    bff.onCall(
      'resendMailUserEmailChange',
      bffError(429, 'too_many_requests', 'メールは1分に1回まで送信できます。58秒ほど待ってから、もう一度お試しください。'),
    );
    await userEvent.click(resend);
    expect(await screen.findByRole('alert')).toHaveTextContent('メールは1分に1回まで送信できます。');
  });

  it('a visitor is sent to log in', async () => {
    bff.onCall('getUserInfo', bffError(401, 'unauthenticated', 'ログインしてください。'));
    renderWithProviders(<EmailSettingsPage />);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(bff.callsOf('getUserEmail')).toHaveLength(0);
  });
});
