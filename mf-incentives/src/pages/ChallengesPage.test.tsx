import type { Challenge } from '@sukoyaka/contract';
import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChallengesProgress } from '../ChallengesProgressParcel';
import { serverError, signIn } from '../testing/fixtures';
import { renderAt } from '../testing/render';

const bloodPressure: Challenge = {
  id: '55555555-5555-4555-8555-555555555555',
  title: '今月20日、血圧を記録する',
  kind: 'blood_pressure_days',
  targetDays: 20,
  minSteps: null,
  points: 100,
  month: '2026-11',
  monthEnd: '2026-11-30',
  joinedAt: '2026-11-02T00:00:00.000Z',
  progressDays: 12,
  countedDays: ['2026-11-01', '2026-11-02'],
  completedAt: null,
};
const walking: Challenge = {
  ...bloodPressure,
  id: '66666666-6666-4666-8666-666666666666',
  title: '8,000歩を15日',
  kind: 'step_days',
  targetDays: 15,
  minSteps: 8000,
  points: 150,
  joinedAt: null,
  progressDays: 0,
  countedDays: [],
};

describe('/incentives/challenges', () => {
  const bff = setupFakeBff();
  beforeEach(() => signIn(bff));

  it('lists this month’s challenges with the member’s progress on those taken', async () => {
    bff.onCall('listChallenges', reply({ month: '2026-11', items: [bloodPressure, walking] }));
    renderAt('/incentives/challenges');
    expect(await screen.findByRole('heading', { level: 1, name: '今月のチャレンジ' })).toBeInTheDocument();
    const taken = await screen.findByRole('region', { name: '今月20日、血圧を記録する' });
    expect(within(taken).getByText('血圧を記録した日が20日')).toBeInTheDocument();
    expect(within(taken).getByText('12日 / 20日')).toBeInTheDocument();
    expect(within(taken).getByRole('progressbar', { name: '今月20日、血圧を記録するの進み具合' })).toHaveAttribute('aria-valuenow', '12');
    expect(within(taken).getByText('あと8日で達成です。')).toBeInTheDocument();
    expect(within(taken).queryByRole('button')).toBeNull();
    const open = screen.getByRole('region', { name: '8,000歩を15日' });
    expect(within(open).getByText('8,000歩以上歩いた日が15日')).toBeInTheDocument();
    expect(within(open).getByText('150pt')).toBeInTheDocument();
    expect(within(open).getByRole('link', { name: '8,000歩を15日' })).toHaveAttribute('href', `/incentives/challenges/${walking.id}`);
  });

  it('takes a challenge once, then shows its progress', async () => {
    let joined = false;
    bff.onCall('listChallenges', () =>
      reply({ month: '2026-11', items: [joined ? { ...walking, joinedAt: '2026-11-27T00:00:00.000Z', progressDays: 3 } : walking] }),
    );
    bff.onCall('joinChallenge', () => {
      joined = true;
      return reply({ ...walking, joinedAt: '2026-11-27T00:00:00.000Z', progressDays: 3 });
    });
    renderAt('/incentives/challenges');
    await userEvent.click(await screen.findByRole('button', { name: 'このチャレンジに参加する' }));
    expect(await screen.findByText('3日 / 15日')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'このチャレンジに参加する' })).toBeNull();
    expect(bff.callsOf('joinChallenge').map((call) => call.body)).toEqual([{ challengeId: walking.id }]);
  });

  it('says when taking one failed, when there is none, and shows a failure with a retry', async () => {
    bff.onCall('listChallenges', reply({ month: '2026-11', items: [walking] }));
    bff.onCall('joinChallenge', bffError(404, 'not_found', 'チャレンジが見つかりませんでした。'));
    const { unmount } = renderAt('/incentives/challenges');
    await userEvent.click(await screen.findByRole('button', { name: 'このチャレンジに参加する' }));
    expect(await screen.findByText('チャレンジが見つかりませんでした。')).toBeInTheDocument();
    unmount();

    bff.onCall('listChallenges', reply({ month: '2026-11', items: [] }));
    bff.onCall('listChallenges', serverError, { times: 1 });
    renderAt('/incentives/challenges');
    await userEvent.click(await screen.findByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('今月のチャレンジはありません')).toBeInTheDocument();
  });
});

describe('/incentives/challenges/[challengeId]', () => {
  const bff = setupFakeBff();
  beforeEach(() => signIn(bff));

  it('shows how days are counted, the days that counted, and a completion', async () => {
    bff.onCall('getChallenge', reply({ ...bloodPressure, progressDays: 20, completedAt: '2026-11-25T03:00:00.000Z' }));
    renderAt(`/incentives/challenges/${bloodPressure.id}`);
    expect(await screen.findByText(/その日か翌日までに記録したものに限ります/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2026年11月25日に達成しました！100ptをお届けしました。');
    const days = screen.getByRole('list', { name: '数えた日' });
    expect(
      within(days)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['11月1日(日)', '11月2日(月)']);
    expect(screen.getByRole('link', { name: '血圧を記録する' })).toHaveAttribute('href', '/vitals/blood_pressure');
    expect(bff.callsOf('getChallenge')[0]!.query).toEqual({ challengeId: bloodPressure.id });
  });

  it('never counts below zero days left: reached but not yet judged', async () => {
    bff.onCall('getChallenge', reply({ ...bloodPressure, progressDays: 21 }));
    renderAt(`/incentives/challenges/${bloodPressure.id}`);
    expect(await screen.findByText('目標の日数に届きました。次に記録したときに達成となります。')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
  });

  it('explains that hand-entered and held steps do not count', async () => {
    bff.onCall('getChallenge', reply(walking));
    renderAt(`/incentives/challenges/${walking.id}`);
    expect(await screen.findByText(/手入力の歩数と、1日10万歩を超えて確認中の日は数えません/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'このチャレンジに参加する' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '数えた日' })).toBeNull();
  });
});

describe('ChallengesProgressParcel: the member’s challenges on home', () => {
  const bff = setupFakeBff();
  beforeEach(() => signIn(bff));

  it('shows only the challenges taken, each with its progress and link', async () => {
    bff.onCall('listChallenges', reply({ month: '2026-11', items: [bloodPressure, walking] }));
    renderWithProviders(<ChallengesProgress />);
    const section = await screen.findByRole('region', { name: '今月のチャレンジ' });
    await waitFor(() => expect(within(section).getByRole('link', { name: '今月20日、血圧を記録する' })).toBeInTheDocument());
    expect(within(section).getByText('12日 / 20日')).toBeInTheDocument();
    expect(within(section).queryByText('8,000歩を15日')).toBeNull();
    expect(within(section).getByRole('link', { name: 'チャレンジ一覧' })).toHaveAttribute('href', '/incentives/challenges');
  });

  it('invites to take one when none is taken', async () => {
    bff.onCall('listChallenges', reply({ month: '2026-11', items: [walking] }));
    renderWithProviders(<ChallengesProgress />);
    expect(await screen.findByText('チャレンジに参加して、達成するとポイントがもらえます。')).toBeInTheDocument();
  });
});
