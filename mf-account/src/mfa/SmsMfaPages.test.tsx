import { bffError, renderWithProviders, reply, setupFakeBff, type FakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SmsMfaEditPage } from './SmsMfaEditPage';
import { SmsMfaIntroPage } from './SmsMfaIntroPage';
import { SmsMfaNewPage } from './SmsMfaNewPage';

const OFF = { enabled: false, phoneNumberMasked: null };
const ON = { enabled: true, phoneNumberMasked: '090-****-5678' };

function authState(bff: FakeBff, confirmed: boolean) {
  const passwordAuthExpireAt = confirmed ? new Date(Date.now() + 10 * 60 * 1000).toISOString() : null;
  bff.onCall('getAuthState', reply({ birthdayAuthExpireAt: null, passwordAuthExpireAt, mynaSecretQuestionExpireAt: null }));
}

describe('SMS two-factor pages (issue 4, /mfa/setting/sms/*)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply({ userId: 'u1', email: 'hanako@example.jp', nickname: '花子', association: null, birthday: null }));
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  describe('/mfa/setting/sms/intro', () => {
    beforeEach(() => window.history.replaceState(null, '', '/mfa/setting/sms/intro'));

    it('explains SMS two-factor and, while it is off, offers to set it up', async () => {
      bff.onCall('getSmsMfaSetting', reply(OFF));
      renderWithProviders(<SmsMfaIntroPage />);
      expect(await screen.findByText('SMS認証は設定されていません')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'SMS認証（2段階認証）の設定' })).toBeInTheDocument();
      expect(screen.getByText(/認証コードの有効期限は5分です。/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'SMS認証を設定する' })).toHaveAttribute('href', '/mfa/setting/sms/new');
      expect(document.title).toBe('SMS認証の設定 | すこやか');
    });

    it('while it is on, shows the masked number and the way to change or turn it off', async () => {
      bff.onCall('getSmsMfaSetting', reply(ON));
      renderWithProviders(<SmsMfaIntroPage />);
      expect(await screen.findByText('SMS認証は有効です（090-****-5678）')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '電話番号の変更・SMS認証の解除' })).toHaveAttribute('href', '/mfa/setting/sms/edit');
      // Reading the setting needs no password confirmation.
      expect(bff.callsOf('getAuthState')).toHaveLength(0);
    });

    it('says so when the setting cannot be read', async () => {
      bff.onCall('getSmsMfaSetting', bffError(500, 'internal_error', 'システムエラーです'));
      renderWithProviders(<SmsMfaIntroPage />);
      expect(await screen.findByRole('alert')).toHaveTextContent('システムエラーです');
    });
  });

  describe('/mfa/setting/sms/new', () => {
    beforeEach(() => {
      window.history.replaceState(null, '', '/mfa/setting/sms/new');
      bff.onCall('getSmsMfaSetting', reply(OFF));
    });

    const phoneField = () => screen.findByLabelText('携帯電話番号');
    const codeField = () => screen.findByLabelText('SMSで届いた6桁の認証コード');

    it('without a fresh password confirmation, sends the member to /prompt_auth first and shows no form', async () => {
      authState(bff, false);
      renderWithProviders(<SmsMfaNewPage />);
      await waitFor(() => expect(window.location.pathname).toBe('/prompt_auth'));
      expect(window.location.search).toBe('?return_to=%2Fmfa%2Fsetting%2Fsms%2Fnew');
      expect(screen.queryByLabelText('携帯電話番号')).not.toBeInTheDocument();
    });

    it('with one: the number gets a code (sent as E.164), the code turns SMS two-factor on', async () => {
      authState(bff, true);
      bff.onCall('sendSmsMfaSetupCode', reply({ phoneNumberMasked: '090-****-5678', expiresAt: '2026-11-22T12:05:00.000Z' }));
      bff.onCall('confirmSmsMfaSetup', reply(ON));
      renderWithProviders(<SmsMfaNewPage />);

      await userEvent.type(await phoneField(), '090-1234-5678');
      await userEvent.click(screen.getByRole('button', { name: '認証コードを送信する' }));

      expect(await screen.findByText(/090-\*\*\*\*-5678 にSMSで6桁の認証コードを送信しました。/)).toBeInTheDocument();
      expect(bff.callsOf('sendSmsMfaSetupCode')[0]!.body).toEqual({ phoneNumber: '+819012345678' });
      expect(await codeField()).toHaveFocus();

      await userEvent.type(await codeField(), '123456');
      await userEvent.click(screen.getByRole('button', { name: 'SMS認証を有効にする' }));

      expect(await screen.findByText('SMS認証を設定しました（090-****-5678）。')).toBeInTheDocument();
      expect(bff.callsOf('confirmSmsMfaSetup')[0]!.body).toEqual({ code: '123456' });
    });

    it('a number that is not a Japanese mobile number is refused before sending', async () => {
      authState(bff, true);
      renderWithProviders(<SmsMfaNewPage />);
      await userEvent.type(await phoneField(), '03-1234-5678');
      await userEvent.click(screen.getByRole('button', { name: '認証コードを送信する' }));
      expect(await phoneField()).toHaveAccessibleDescription(
        'SMSを受け取れる携帯電話の番号を入力してください（例: 090-1234-5678）。 電話番号は携帯電話の番号（例: 090-1234-5678）を入力してください',
      );
      expect(bff.callsOf('sendSmsMfaSetupCode')).toHaveLength(0);
    });

    it('a wrong code is shown under the field; resend sends to the same number again; the number can be typed again', async () => {
      authState(bff, true);
      const message = '認証コードが正しくありません。';
      bff.onCall('sendSmsMfaSetupCode', reply({ phoneNumberMasked: '090-****-5678', expiresAt: '2026-11-22T12:05:00.000Z' }));
      bff.onCall('confirmSmsMfaSetup', bffError(400, 'invalid_parameters', message, { code: [message] }));
      renderWithProviders(<SmsMfaNewPage />);
      await userEvent.type(await phoneField(), '09012345678');
      await userEvent.click(screen.getByRole('button', { name: '認証コードを送信する' }));
      await userEvent.type(await codeField(), '000000');
      await userEvent.click(screen.getByRole('button', { name: 'SMS認証を有効にする' }));

      await waitFor(async () => expect(await codeField()).toHaveAccessibleDescription(`有効期限は5分です。 ${message}`));

      await userEvent.click(screen.getByRole('button', { name: '認証コードを再送信する' }));
      expect(await screen.findByText(/認証コードを再送信しました。/)).toBeInTheDocument();
      expect(bff.callsOf('sendSmsMfaSetupCode').map((request) => request.body)).toEqual([
        { phoneNumber: '+819012345678' },
        { phoneNumber: '+819012345678' },
      ]);

      await userEvent.click(screen.getByRole('button', { name: '電話番号を入力し直す' }));
      expect(await phoneField()).toHaveValue('09012345678');
    });

    it('a confirmation that lapsed meanwhile (403 from the server) sends the member to /prompt_auth', async () => {
      authState(bff, true);
      bff.onCall(
        'sendSmsMfaSetupCode',
        bffError(403, 'password_authentication_required', '続けるには、パスワードを入力して本人確認をしてください。'),
      );
      renderWithProviders(<SmsMfaNewPage />);
      await userEvent.type(await phoneField(), '090-1234-5678');
      await userEvent.click(screen.getByRole('button', { name: '認証コードを送信する' }));
      await waitFor(() => expect(window.location.pathname).toBe('/prompt_auth'));
      expect(window.location.search).toBe('?return_to=%2Fmfa%2Fsetting%2Fsms%2Fnew');
    });

    it('when SMS two-factor is already on, points to the change page instead of the form', async () => {
      authState(bff, true);
      bff.onCall('getSmsMfaSetting', reply(ON));
      renderWithProviders(<SmsMfaNewPage />);
      expect(await screen.findByText(/SMS認証はすでに有効です（090-\*\*\*\*-5678）/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '電話番号の変更・SMS認証の解除' })).toHaveAttribute('href', '/mfa/setting/sms/edit');
      expect(screen.queryByLabelText('携帯電話番号')).not.toBeInTheDocument();
    });
  });

  describe('/mfa/setting/sms/edit', () => {
    beforeEach(() => {
      window.history.replaceState(null, '', '/mfa/setting/sms/edit');
      bff.onCall('getSmsMfaSetting', reply(ON));
    });

    it('without a fresh password confirmation, sends the member to /prompt_auth and back', async () => {
      authState(bff, false);
      renderWithProviders(<SmsMfaEditPage />);
      await waitFor(() => expect(window.location.pathname).toBe('/prompt_auth'));
      expect(window.location.search).toBe('?return_to=%2Fmfa%2Fsetting%2Fsms%2Fedit');
    });

    it('changes the number: the new number confirms its code', async () => {
      authState(bff, true);
      bff.onCall('sendSmsMfaSetupCode', reply({ phoneNumberMasked: '080-****-4321', expiresAt: '2026-11-22T12:05:00.000Z' }));
      bff.onCall('confirmSmsMfaSetup', reply({ enabled: true, phoneNumberMasked: '080-****-4321' }));
      renderWithProviders(<SmsMfaEditPage />);

      expect(await screen.findByText('現在の電話番号: 090-****-5678')).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('携帯電話番号'), '080-8765-4321');
      await userEvent.click(screen.getByRole('button', { name: '認証コードを送信する' }));
      await userEvent.type(await screen.findByLabelText('SMSで届いた6桁の認証コード'), '654321');
      await userEvent.click(screen.getByRole('button', { name: '電話番号を変更する' }));

      expect(await screen.findByText('SMS認証の電話番号を 080-****-4321 に変更しました。')).toBeInTheDocument();
      expect(bff.callsOf('sendSmsMfaSetupCode')[0]!.body).toEqual({ phoneNumber: '+818087654321' });
    });

    it('turns it off after asking once more; キャンセル sends nothing', async () => {
      authState(bff, true);
      bff.onCall('disableSmsMfa', reply(OFF));
      renderWithProviders(<SmsMfaEditPage />);

      await userEvent.click(await screen.findByRole('button', { name: 'SMS認証を解除する' }));
      expect(screen.getByRole('alert')).toHaveTextContent('SMS認証を解除してよろしいですか？');
      await userEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
      expect(bff.callsOf('disableSmsMfa')).toHaveLength(0);

      await userEvent.click(screen.getByRole('button', { name: 'SMS認証を解除する' }));
      await userEvent.click(screen.getByRole('button', { name: '解除する' }));
      expect(await screen.findByText('SMS認証を解除しました。')).toBeInTheDocument();
      expect(bff.callsOf('disableSmsMfa')).toHaveLength(1);
      expect(bff.callsOf('disableSmsMfa')[0]!.method).toBe('POST');
    });

    it('when SMS two-factor is off, points to the set-up page', async () => {
      authState(bff, true);
      bff.onCall('getSmsMfaSetting', reply(OFF));
      renderWithProviders(<SmsMfaEditPage />);
      expect(await screen.findByText('SMS認証は設定されていません。')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'SMS認証を設定する' })).toHaveAttribute('href', '/mfa/setting/sms/new');
    });
  });
});
