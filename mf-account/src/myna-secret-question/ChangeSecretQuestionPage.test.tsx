import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChangeSecretQuestionPage } from './ChangeSecretQuestionPage';

const future = () => new Date(Date.now() + 10 * 60_000).toISOString();
const authState = (passwordAuthExpireAt: string | null) => ({
  birthdayAuthExpireAt: null,
  passwordAuthExpireAt,
  mynaSecretQuestionExpireAt: null,
});

describe('/change_secret_question (issue 12, the secret question reset after the password step-up)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    window.history.replaceState(null, '', '/change_secret_question');
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply({ userId: 'u1', email: 'hanako@example.jp', nickname: '花子', association: null }));
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('without a fresh password: to /prompt_auth first, and back here', async () => {
    bff.onCall('getAuthState', reply(authState(null)));
    renderWithProviders(<ChangeSecretQuestionPage />);
    await waitFor(() => expect(window.location.pathname).toBe('/prompt_auth'));
    expect(window.location.search).toBe('?return_to=%2Fchange_secret_question');
    expect(bff.callsOf('resetUserMynaSecretQuestion')).toHaveLength(0);
  });

  it('with a fresh password: says what the reset does, resets, then on to choosing a new question', async () => {
    bff.onCall('getAuthState', reply(authState(future())));
    bff.onCall(
      'resetUserMynaSecretQuestion',
      reply({ registered: false, question: null, remainingAttempts: 5, lockedUntil: null, mynaSecretQuestionExpireAt: null }),
    );
    renderWithProviders(<ChangeSecretQuestionPage />);

    expect(await screen.findByText(/取り込んだ健診結果などの情報は消えません/)).toBeInTheDocument();
    expect(document.title).toBe('秘密の質問の再設定 | すこやか');
    await userEvent.click(screen.getByRole('button', { name: '秘密の質問を再設定する' }));
    await waitFor(() => expect(window.location.pathname).toBe('/myna_connection/secret_question/new'));
    expect(bff.callsOf('resetUserMynaSecretQuestion')).toHaveLength(1);
    expect(bff.callsOf('resetUserMynaSecretQuestion')[0]!.headers['x-csrf-token']).toBe('token-1');
  });

  it('a refusal says why and stays', async () => {
    bff.onCall('getAuthState', reply(authState(future())));
    bff.onCall('resetUserMynaSecretQuestion', bffError(500, 'internal_error', 'システムエラーです'));
    renderWithProviders(<ChangeSecretQuestionPage />);
    await userEvent.click(await screen.findByRole('button', { name: '秘密の質問を再設定する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('システムエラーです');
    expect(window.location.pathname).toBe('/change_secret_question');
  });
});
