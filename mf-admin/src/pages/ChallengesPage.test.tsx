import type { OperatorChallenge, OperatorProgram } from '@sukoyaka/contract';
import { bffError, reply } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSOCIATION_ID, renderAt, setupAdminBff, signedIn, viewerProfile } from '../testing/render';

const bff = setupAdminBff();
const PROGRAM_ID = '2d8c4b6a-7c0f-4e3a-9b5c-3f4a5b6c7d8e';
const CHALLENGE_ID = '8de4a1c0-3c6f-4e9a-b1b2-9f0a1b2c3d4e';
const program: OperatorProgram = {
  id: PROGRAM_ID,
  name: 'すこやかポイント',
  description: '',
  expiryMonths: 36,
  requiresConsent: false,
  menus: [],
  gifts: [],
};
const challenge: OperatorChallenge = {
  id: CHALLENGE_ID,
  pointId: PROGRAM_ID,
  title: '8,000歩を15日',
  kind: 'step_days',
  targetDays: 15,
  minSteps: 8000,
  points: 150,
  active: true,
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('monthly challenges (issue 29): the association offers them every month', () => {
  it('lists a challenge with its terms and stops offering it', async () => {
    signedIn(bff);
    bff.onCall('listOperatorPointPrograms', reply({ programs: [program] }));
    bff.onCall('listOperatorChallenges', reply({ items: [challenge] }), { times: 1 });
    bff.onCall('setOperatorChallengeActive', (request) => {
      expect(request.body).toEqual({ associationId: ASSOCIATION_ID, challengeId: CHALLENGE_ID, active: false });
      bff.onCall('listOperatorChallenges', reply({ items: [{ ...challenge, active: false }] }));
      return reply({ ...challenge, active: false });
    });
    renderAt('/admin/challenges');
    expect(await screen.findByRole('heading', { name: '8,000歩を15日' })).toBeInTheDocument();
    expect(await screen.findByText('8,000歩以上歩いた日が15日／150pt（すこやかポイント）')).toBeInTheDocument();
    expect(screen.getByText(/^提供中／作成/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '8,000歩を15日の提供を止める' }));
    expect(await screen.findByRole('button', { name: '8,000歩を15日の提供を再開する' })).toBeInTheDocument();
    expect(screen.getByText(/^提供停止中／作成/)).toBeInTheDocument();
  });

  it('creates a step challenge, asking for the steps of a day, and shows the bff’s refusal by its field', async () => {
    signedIn(bff);
    bff.onCall('listOperatorPointPrograms', reply({ programs: [program] }));
    bff.onCall('listOperatorChallenges', reply({ items: [] }));
    bff.onCall('createOperatorChallenge', (request) => {
      expect(request.body).toEqual({
        associationId: ASSOCIATION_ID,
        pointId: PROGRAM_ID,
        title: '8,000歩を15日',
        kind: 'step_days',
        targetDays: 15,
        minSteps: 8000,
        points: 150,
      });
      return reply(challenge);
    });
    bff.onCall(
      'createOperatorChallenge',
      bffError(400, 'invalid_parameters', 'ポイント数は200以下で入力してください（1日に付与できる上限）', {
        points: ['ポイント数は200以下で入力してください（1日に付与できる上限）'],
      }),
      { times: 1 },
    );
    renderAt('/admin/challenges');
    expect(await screen.findByText('チャレンジはまだありません')).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('チャレンジ名（例：今月20日、血圧を記録する）'), '8,000歩を15日');
    expect(screen.queryByLabelText('1日の歩数')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /歩数が目標以上の日/ }));
    await userEvent.type(screen.getByLabelText('1日の歩数'), '8000');
    await userEvent.type(screen.getByLabelText('目標日数（1〜28日）'), '15');
    await userEvent.type(screen.getByLabelText('達成で付与するポイント数（1日の付与上限まで）'), '500');
    await userEvent.click(screen.getByRole('button', { name: '作成する' }));
    expect(await screen.findAllByText('ポイント数は200以下で入力してください（1日に付与できる上限）')).not.toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('達成で付与するポイント数（1日の付与上限まで）'));
    await userEvent.type(screen.getByLabelText('達成で付与するポイント数（1日の付与上限まで）'), '150');
    await userEvent.click(screen.getByRole('button', { name: '作成する' }));
    expect(await screen.findByText('「8,000歩を15日」を作成しました。今月から会員に提供されます。')).toBeInTheDocument();
  });

  it('a viewer neither creates nor changes; a failed list shows the error', async () => {
    signedIn(bff, viewerProfile);
    bff.onCall('listOperatorPointPrograms', reply({ programs: [program] }));
    bff.onCall('listOperatorChallenges', reply({ items: [challenge] }), { times: 1 });
    const first = renderAt('/admin/challenges');
    expect(await screen.findByRole('heading', { name: '8,000歩を15日' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /提供を止める/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '作成する' })).not.toBeInTheDocument();
    first.unmount();
    bff.onCall('listOperatorChallenges', bffError(500, 'internal_error', 'システムエラーです'));
    renderAt('/admin/challenges');
    expect(await screen.findByText(/チャレンジを読み込めませんでした/)).toBeInTheDocument();
  });
});
