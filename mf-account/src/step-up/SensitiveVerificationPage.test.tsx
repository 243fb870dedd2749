import { authStateQueryKey } from '@sukoyaka/shared';
import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SensitiveVerificationPage } from './SensitiveVerificationPage';

const EXPIRY = '2026-11-22T12:15:00.000Z';

describe('SensitiveVerificationPage (/sensitive_verification, issue 4 "Step-up confirmations")', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    window.history.replaceState(null, '', '/sensitive_verification?return_to=%2Fmyna_connection%3Ftab%3Dbills');
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall(
      'getUserInfo',
      reply({ userId: 'u1', email: 'hanako@example.jp', nickname: '花子', association: null, birthday: '1980-04-01' }),
    );
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  const submit = () => userEvent.click(screen.getByRole('button', { name: '確認する' }));

  /** Picks a day in the shared date picker as a member does: year and month from the lists, then the day, then OK. */
  async function pickBirthday(year: string, month: string, dayLabel: string) {
    await userEvent.click(await screen.findByRole('button', { name: /^生年月日/ }));
    const dialog = await screen.findByRole('dialog', { name: '日付を選択' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: '年を選択' }), year);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: '月を選択' }), month);
    await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(`^${dayLabel.replace(/[()]/g, '\\$&')}`) }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
  }

  it('asks for the birthday with the date picker, saying why', async () => {
    renderWithProviders(<SensitiveVerificationPage />);
    expect(await screen.findByRole('button', { name: /^生年月日/ })).toHaveAccessibleName('生年月日 日付を選択してください');
    expect(screen.getByRole('heading', { name: '本人確認' })).toBeInTheDocument();
    expect(document.title).toBe('本人確認 | すこやか');
  });

  it('without a birthday nothing is sent and the field says so', async () => {
    renderWithProviders(<SensitiveVerificationPage />);
    await screen.findByRole('button', { name: /^生年月日/ });
    await submit();
    expect(await screen.findByText('生年月日を入力してください')).toBeInTheDocument();
    expect(bff.callsOf('authenticateBirthday')).toHaveLength(0);
  });

  it('the right birthday (authenticateBirthday, yyyy-MM-dd) updates the auth state and goes back to return_to', async () => {
    bff.onCall('authenticateBirthday', reply({ birthdayAuthExpireAt: EXPIRY }));
    bff.onCall('getAuthState', reply({ birthdayAuthExpireAt: EXPIRY, passwordAuthExpireAt: null, mynaSecretQuestionExpireAt: null }));
    const { queryClient } = renderWithProviders(<SensitiveVerificationPage />);
    queryClient.setQueryData(authStateQueryKey, {
      birthdayAuthExpireAt: null,
      passwordAuthExpireAt: null,
      mynaSecretQuestionExpireAt: null,
    });

    await pickBirthday('1980', '3', '1980年4月1日(火)');
    await submit();

    await waitFor(() => expect(window.location.pathname).toBe('/myna_connection'));
    expect(window.location.search).toBe('?tab=bills');
    expect(bff.callsOf('authenticateBirthday')[0]!.body).toEqual({ birthday: '1980-04-01' });
    expect(queryClient.getQueryData(authStateQueryKey)).toMatchObject({ birthdayAuthExpireAt: EXPIRY });
  });

  it("a wrong birthday shows the bff's message and stays", async () => {
    bff.onCall('authenticateBirthday', bffError(401, 'invalid_credentials', '生年月日が正しくありません。'));
    renderWithProviders(<SensitiveVerificationPage />);
    await pickBirthday('1981', '3', '1981年4月1日(水)');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('生年月日が正しくありません。');
    expect(window.location.pathname).toBe('/sensitive_verification');
  });

  it('a return_to on another origin is not followed', async () => {
    window.history.replaceState(null, '', '/sensitive_verification?return_to=%2F%2Fevil.example%2Fpath');
    bff.onCall('authenticateBirthday', reply({ birthdayAuthExpireAt: EXPIRY }));
    renderWithProviders(<SensitiveVerificationPage />);
    await pickBirthday('1980', '3', '1980年4月1日(火)');
    await submit();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(window.location.host).toBe('localhost');
  });
});
