import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfilePage } from './ProfilePage';

const member = {
  userId: 'u1',
  email: 'hanako@example.jp',
  nickname: 'すこやか 花子',
  association: { id: '5a1c0d3e-0000-4000-8000-000000000001', name: 'すこやか健康保険組合' },
  birthday: '1980-04-01',
};
const navigation = {
  nickname: 'すこやか 花子',
  emailVerified: true,
  association: member.association,
  pendingAgreementAssociationId: null,
  smsMfaEnabled: true,
  next: null,
};

describe('ProfilePage (/profile)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply(member));
    bff.onCall('getNavigationInfo', reply(navigation));
  });

  const definition = (term: string) => screen.getByText(term, { selector: 'dt' }).parentElement!;

  it("shows the member's nickname, e-mail, birthday and association, and the way to every setting", async () => {
    renderWithProviders(<ProfilePage />);

    expect(await screen.findByRole('heading', { name: 'アカウント設定' })).toBeInTheDocument();
    expect(definition('ニックネーム')).toHaveTextContent('すこやか 花子');
    expect(definition('メールアドレス')).toHaveTextContent('hanako@example.jp');
    expect(definition('生年月日')).toHaveTextContent('1980年4月1日');
    expect(definition('健康保険組合')).toHaveTextContent('すこやか健康保険組合');
    expect(screen.getByRole('link', { name: 'メールアドレスを変更する' })).toHaveAttribute('href', '/settings/email');
    expect(screen.getByRole('link', { name: /SMS認証（2段階認証）の設定/ })).toHaveAttribute('href', '/mfa/setting/sms/intro');
    expect(await screen.findByText('設定済み')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'パスワードの再設定' })).toHaveAttribute('href', '/password_reset/new');
    expect(screen.getByRole('link', { name: '通知設定' })).toHaveAttribute('href', '/settings/notifications');
    expect(screen.getByRole('link', { name: '健康情報の提供への同意' })).toHaveAttribute('href', '/privacy_provision_agreements');
    // Issue 24 #15: taking one's records and leaving are reachable from the settings.
    expect(screen.getByRole('link', { name: 'データのダウンロード' })).toHaveAttribute('href', '/settings/data_export');
    expect(screen.getByRole('link', { name: '退会' })).toHaveAttribute('href', '/settings/leave');
    expect(document.title).toBe('アカウント設定 | すこやか');
  });

  it('offers to register the association and says the birthday is not registered when they are not', async () => {
    bff.onCall('getUserInfo', reply({ ...member, association: null, birthday: null }));
    renderWithProviders(<ProfilePage />);
    await screen.findByRole('heading', { name: 'アカウント設定' });
    expect(definition('生年月日')).toHaveTextContent('未登録');
    expect(definition('健康保険組合')).toHaveTextContent('未登録');
    expect(screen.getByRole('link', { name: '健康保険組合の加入者情報を登録する' })).toHaveAttribute('href', '/org_verification');
  });

  it('changes the nickname: checked before sending, saved, and shown again from the bff', async () => {
    let nickname = member.nickname;
    bff.onCall('getUserInfo', () => reply({ ...member, nickname }));
    bff.onCall('updateProfile', (request) => {
      nickname = (request.body as { nickname: string }).nickname;
      return reply({ nickname });
    });
    renderWithProviders(<ProfilePage />);

    await userEvent.click(await screen.findByRole('button', { name: 'ニックネームを変更する' }));
    const form = screen.getByRole('form', { name: 'ニックネームの変更' });
    const input = within(form).getByLabelText('ニックネーム');
    await userEvent.clear(input);
    await userEvent.click(within(form).getByRole('button', { name: '保存する' }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('ニックネームを入力してください'));
    await userEvent.type(input, 'あ'.repeat(21));
    await userEvent.click(within(form).getByRole('button', { name: '保存する' }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('ニックネームは20文字以内で入力してください'));
    expect(bff.callsOf('updateProfile')).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, ' すこやか 次郎 ');
    await userEvent.click(within(form).getByRole('button', { name: '保存する' }));

    expect(await screen.findByText('ニックネームを変更しました。')).toBeInTheDocument();
    expect(bff.callsOf('updateProfile')[0]!.body).toEqual({ nickname: 'すこやか 次郎' });
    await waitFor(() => expect(definition('ニックネーム')).toHaveTextContent('すこやか 次郎'));
  });

  it("shows a server 400's message under the nickname", async () => {
    bff.onCall(
      'updateProfile',
      bffError(400, 'invalid_parameters', 'ニックネームに使用できない文字が含まれています', {
        nickname: ['ニックネームに使用できない文字が含まれています'],
      }),
    );
    renderWithProviders(<ProfilePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'ニックネームを変更する' }));
    const input = screen.getByLabelText('ニックネーム');
    await userEvent.type(input, '2');
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining('ニックネームに使用できない文字が含まれています')),
    );
  });

  describe('身長 (issue 27: the weight page sends the member here for the BMI lines)', () => {
    it('says the height is not registered, checks it before sending, and saves it to one decimal with the nickname as it is', async () => {
      let height: number | undefined;
      bff.onCall('getUserInfo', () => reply({ ...member, ...(height === undefined ? {} : { height }) }));
      bff.onCall('updateProfile', (request) => {
        height = (request.body as { height: number }).height;
        return reply({ nickname: member.nickname });
      });
      renderWithProviders(<ProfilePage />);

      await screen.findByRole('heading', { name: 'アカウント設定' });
      expect(definition('身長')).toHaveTextContent('未登録');
      await userEvent.click(screen.getByRole('button', { name: '身長を登録する' }));
      const form = screen.getByRole('form', { name: '身長の変更' });
      const input = within(form).getByLabelText('身長（cm）');

      await userEvent.type(input, '99');
      await userEvent.click(within(form).getByRole('button', { name: '保存する' }));
      expect(input).toHaveAccessibleDescription(expect.stringContaining('身長は100.0〜250.0cmの範囲で入力してください'));
      await userEvent.clear(input);
      await userEvent.type(input, '170.25');
      await userEvent.click(within(form).getByRole('button', { name: '保存する' }));
      expect(input).toHaveAccessibleDescription(expect.stringContaining('身長は小数点以下1桁までで入力してください'));
      expect(bff.callsOf('updateProfile')).toHaveLength(0);

      // Full-width digits, as a Japanese keyboard may type them.
      await userEvent.clear(input);
      await userEvent.type(input, '１７０．５');
      await userEvent.click(within(form).getByRole('button', { name: '保存する' }));
      expect(await screen.findByText('身長を保存しました。')).toBeInTheDocument();
      expect(bff.callsOf('updateProfile')[0]!.body).toEqual({ nickname: 'すこやか 花子', height: 170.5 });
      await waitFor(() => expect(definition('身長')).toHaveTextContent('170.5 cm'));
      expect(screen.getByRole('button', { name: '身長を変更する' })).toBeInTheDocument();
    });

    it('clears a registered height when saved blank', async () => {
      bff.onCall('getUserInfo', reply({ ...member, height: 170 }));
      bff.onCall('updateProfile', reply({ nickname: member.nickname }));
      renderWithProviders(<ProfilePage />);
      expect(await screen.findByText('170 cm')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: '身長を変更する' }));
      const input = screen.getByLabelText('身長（cm）');
      expect(input).toHaveValue('170');
      await userEvent.clear(input);
      await userEvent.click(screen.getByRole('button', { name: '保存する' }));
      await screen.findByText('身長を保存しました。');
      expect(bff.callsOf('updateProfile')[0]!.body).toEqual({ nickname: 'すこやか 花子', height: null });
    });
  });

  it('キャンセル leaves the nickname as it was', async () => {
    renderWithProviders(<ProfilePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'ニックネームを変更する' }));
    await userEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(definition('ニックネーム')).toHaveTextContent('すこやか 花子');
    expect(bff.callsOf('updateProfile')).toHaveLength(0);
  });
});
