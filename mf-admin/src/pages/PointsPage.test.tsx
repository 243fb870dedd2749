import type { OperatorProgram } from '@sukoyaka/contract';
import { bffError, reply } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSOCIATION_ID, renderAt, setupAdminBff, signedIn, viewerProfile } from '../testing/render';

const bff = setupAdminBff();
const PROGRAM_ID = '2d8c4b6a-7c0f-4e3a-9b5c-3f4a5b6c7d8e';
const program: OperatorProgram = {
  id: PROGRAM_ID,
  name: 'すこやかポイント',
  description: '',
  expiryMonths: 36,
  requiresConsent: true,
  menus: [
    {
      id: 'm1',
      kind: 'vital_recorded',
      eventKind: 'vital_recorded:weight',
      title: '体重を記録',
      points: 10,
      dailyLimit: 1,
      totalLimit: null,
    },
  ],
  gifts: [{ id: 'g1', name: 'QUOカードPay 500円分', cost: 500, kind: 'digital_code', stock: null, codesAvailable: 12, image: null }],
};

describe('point programs and gifts (issue 14: what npm run incentives does, per association)', () => {
  it('lists the programs with their menus and gifts', async () => {
    signedIn(bff);
    bff.onCall('listOperatorPointPrograms', reply({ programs: [program] }));
    renderAt('/admin/points');
    expect(await screen.findByRole('heading', { name: 'すこやかポイント' })).toBeInTheDocument();
    expect(screen.getByText('体重を記録（体重の記録1回につき10pt、1日1回まで）')).toBeInTheDocument();
    expect(screen.getByText(/QUOカードPay 500円分（500pt、デジタルコード 残り12件）/)).toBeInTheDocument();
  });

  it('creates a program with its first menu, and the list is read again', async () => {
    signedIn(bff);
    bff.onCall('listOperatorPointPrograms', reply({ programs: [] }), { times: 1 });
    bff.onCall('createOperatorPointProgram', (request) => {
      expect(request.body).toMatchObject({
        associationId: ASSOCIATION_ID,
        name: '歩こうポイント',
        expiryMonths: 36,
        menus: [{ kind: 'vital_recorded', vitalType: 'weight', title: '体重を記録', points: 5, dailyLimit: 1 }],
      });
      bff.onCall('listOperatorPointPrograms', reply({ programs: [{ ...program, name: '歩こうポイント' }] }));
      return reply({ id: PROGRAM_ID });
    });
    renderAt('/admin/points');
    expect(await screen.findByText('ポイントはまだありません')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('ポイント名'), '歩こうポイント');
    await userEvent.type(screen.getByLabelText(/最初のメニュー名/), '体重を記録');
    await userEvent.type(screen.getByLabelText(/1回のポイント/), '5');
    await userEvent.click(screen.getByRole('button', { name: '作成する' }));
    expect(await screen.findByRole('heading', { name: '歩こうポイント' })).toBeInTheDocument();
  });

  it('grants points to a member by e-mail and shows the new balance; a refusal shows its message', async () => {
    signedIn(bff);
    bff.onCall('listOperatorPointPrograms', reply({ programs: [program] }));
    bff.onCall('adjustOperatorPoints', bffError(404, 'not_found', 'この健康保険組合の会員に、そのメールアドレスの方はいません。'), {
      times: 1,
    });
    renderAt('/admin/points');
    await userEvent.type(await screen.findByLabelText('会員のメールアドレス'), 'demo@sukoyaka.example');
    await userEvent.type(screen.getByLabelText('ポイント数'), '100');
    await userEvent.type(screen.getByLabelText(/理由/), 'お詫び');
    await userEvent.click(screen.getByRole('button', { name: '実行する' }));
    expect(await screen.findByText('この健康保険組合の会員に、そのメールアドレスの方はいません。')).toBeInTheDocument();
    bff.onCall('adjustOperatorPoints', (request) => {
      expect(request.body).toEqual({
        programId: PROGRAM_ID,
        memberEmail: 'demo@sukoyaka.example',
        direction: 'grant',
        amount: 100,
        reason: 'お詫び',
      });
      return reply({ balance: 1100 });
    });
    await userEvent.click(screen.getByRole('button', { name: '実行する' }));
    expect(await screen.findByText('完了しました。会員の残高は1100ptです。')).toBeInTheDocument();
  });

  it('a viewer sees the programs without the forms; a failed list offers a retry', async () => {
    signedIn(bff, viewerProfile);
    bff.onCall('listOperatorPointPrograms', bffError(500, 'internal_error', 'システムエラーです'), { times: 1 });
    renderAt('/admin/points');
    expect(await screen.findByText(/ポイントを読み込めませんでした/)).toBeInTheDocument();
    bff.onCall('listOperatorPointPrograms', reply({ programs: [program] }));
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByRole('heading', { name: 'すこやかポイント' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '実行する' })).not.toBeInTheDocument();
    expect(screen.getByText('閲覧者の権限では変更できません。')).toBeInTheDocument();
  });
});
