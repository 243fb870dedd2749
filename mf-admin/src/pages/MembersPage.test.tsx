import { bffError, reply } from '@sukoyaka/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSOCIATION_ID, renderAt, setupAdminBff, signedIn } from '../testing/render';

const bff = setupAdminBff();
const member = {
  id: 'u1',
  nickname: 'すこやか花子',
  associationVerifiedAt: '2026-04-01T00:00:00Z',
  signedUpAt: '2026-03-31T03:00:00Z',
  lastSignInAt: '2026-11-25T23:15:00Z',
  lockedUntil: null,
  suspended: false,
  membershipExpiresOn: null,
  mynaLinked: true,
};

describe('member lookup (issue 27: by e-mail or 記号・番号, the support fields only)', () => {
  it('finds a member by e-mail and shows what support needs', async () => {
    signedIn(bff);
    bff.onCall('lookupOperatorMember', (request) => {
      expect(request.body).toEqual({ associationId: ASSOCIATION_ID, by: 'email', email: 'demo@sukoyaka.example' });
      return reply({ members: [member] });
    });
    renderAt('/admin/members');
    await userEvent.type(await screen.findByLabelText('メールアドレス'), 'Demo@Sukoyaka.example');
    await userEvent.click(screen.getByRole('button', { name: '検索する' }));
    const card = await screen.findByRole('region', { name: 'すこやか花子' });
    const facts = within(card)
      .getAllByRole('definition')
      .map((item) => item.textContent);
    expect(facts).toEqual([
      '確認済み（2026年4月1日(水) 09:00）',
      '2026年3月31日(火) 12:00',
      '2026年11月26日(木) 08:15',
      '利用できます',
      '連携済み',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('1件見つかりました。');
  });

  it('looks up by 記号・番号; a locked account says until when; nobody found says so', async () => {
    signedIn(bff);
    bff.onCall('lookupOperatorMember', reply({ members: [{ ...member, lockedUntil: '2026-11-26T05:30:00Z', mynaLinked: false }] }), {
      times: 1,
    });
    renderAt('/admin/members');
    await userEvent.click(await screen.findByRole('radio', { name: '記号・番号（保険証）で探す' }));
    await userEvent.type(screen.getByLabelText('記号'), '1001');
    await userEvent.type(screen.getByLabelText('番号'), '3');
    await userEvent.click(screen.getByRole('button', { name: '検索する' }));
    expect(await screen.findByText('ロック中（2026年11月26日(木) 14:30まで）')).toBeInTheDocument();
    expect(screen.getByText('未連携')).toBeInTheDocument();
    expect(bff.callsOf('lookupOperatorMember')[0]!.body).toEqual({
      associationId: ASSOCIATION_ID,
      by: 'card',
      memberSymbol: '1001',
      memberNumber: '3',
    });
    bff.onCall('lookupOperatorMember', reply({ members: [] }));
    await userEvent.click(screen.getByRole('button', { name: '検索する' }));
    expect(await screen.findByText('該当する会員はいません')).toBeInTheDocument();
  });

  it('checks the fields before sending, and shows the bff’s field message', async () => {
    signedIn(bff);
    renderAt('/admin/members');
    await userEvent.click(await screen.findByRole('button', { name: '検索する' }));
    expect(await screen.findByText('メールアドレスを入力してください')).toBeInTheDocument();
    expect(bff.callsOf('lookupOperatorMember')).toHaveLength(0);
    bff.onCall(
      'lookupOperatorMember',
      bffError(400, 'invalid_parameters', '入力内容を確認してください', { email: ['メールアドレスの形式が正しくありません'] }),
    );
    await userEvent.type(screen.getByLabelText('メールアドレス'), 'a@b.jp');
    await userEvent.click(screen.getByRole('button', { name: '検索する' }));
    expect(await screen.findByText('メールアドレスの形式が正しくありません')).toBeInTheDocument();
  });
});
