import { deferred, renderWithProviders, reply, setupFakeBff, type FakeReply } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataExportPage } from './DataExportPage';

const member = { userId: 'u1', email: 'hanako@example.jp', nickname: '花子', association: null, birthday: null };
const authState = (mynaSecretQuestionExpireAt: string | null) => ({
  birthdayAuthExpireAt: null,
  passwordAuthExpireAt: null,
  mynaSecretQuestionExpireAt,
});

describe('DataExportPage (/settings/data_export, issue 24 #15)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply(member));
  });

  it('says what the file holds and offers JSON and CSV downloads as files', async () => {
    bff.onCall('getAuthState', reply(authState(null)));
    renderWithProviders(<DataExportPage />);
    const json = await screen.findByRole('link', { name: 'JSON形式でダウンロード' });
    expect(json).toHaveAttribute('href', '/api/bff/files/member-data?format=json');
    expect(json).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'CSV形式（ZIP）でダウンロード' })).toHaveAttribute(
      'href',
      '/api/bff/files/member-data?format=csv',
    );
    expect(screen.getByText(/交換したギフト（デジタルギフトのコードを含みます）/)).toBeInTheDocument();
    expect(document.title).toBe('データのダウンロード | すこやか');
  });

  it('without the secret question, the My Number records are left out and the way to include them is offered', async () => {
    bff.onCall('getAuthState', reply(authState(null)));
    renderWithProviders(<DataExportPage />);
    expect(await screen.findByRole('link', { name: '秘密の質問に回答する' })).toHaveAttribute(
      'href',
      '/myna_connection/verify?return_to=%2Fsettings%2Fdata_export',
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('with the secret question answered, the My Number records are included unless unticked', async () => {
    bff.onCall('getAuthState', reply(authState(new Date(Date.now() + 10 * 60_000).toISOString())));
    renderWithProviders(<DataExportPage />);
    const box = await screen.findByRole('checkbox', { name: 'マイナポータルから取り込んだ記録も含める' });
    expect(box).toBeChecked();
    expect(screen.getByRole('link', { name: 'JSON形式でダウンロード' })).toHaveAttribute(
      'href',
      '/api/bff/files/member-data?format=json&myna=1',
    );
    await userEvent.click(box);
    expect(screen.getByRole('link', { name: 'CSV形式（ZIP）でダウンロード' })).toHaveAttribute(
      'href',
      '/api/bff/files/member-data?format=csv',
    );
  });

  it('shows a loading state while the confirmation state loads', async () => {
    const answer = deferred<FakeReply>();
    bff.onCall('getAuthState', () => answer.promise);
    renderWithProviders(<DataExportPage />);
    expect(await screen.findByText('本人確認の状態を確認しています…')).toBeInTheDocument();
    answer.resolve(reply(authState(null)));
    expect(await screen.findByRole('link', { name: 'JSON形式でダウンロード' })).toBeInTheDocument();
  });
});
