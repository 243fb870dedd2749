import { bffError, chartSeriesValues, reply } from '@sukoyaka/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSOCIATION_ID, renderAt, setupAdminBff, signedIn } from '../testing/render';

const bff = setupAdminBff();
const days = (counts: number[]) => counts.map((count, index) => ({ day: `2026-11-${String(20 + index).padStart(2, '0')}`, count }));

describe('dashboard (issue 14: sign-ups, active members, records per day, points granted and redeemed)', () => {
  beforeEach(() => signedIn(bff));

  it('shows each area’s figures for the association and the per-day table, newest day first', async () => {
    bff.onCall('getOperatorMemberStats', (request) => {
      expect(request.query.associationId).toBe(ASSOCIATION_ID);
      return reply({ members: 1234, signUps: days([1, 2, 3]), signUpTotal: 6 });
    });
    bff.onCall(
      'getOperatorHealthStats',
      reply({
        recordsPerDay: days([10, 20, 30]),
        activeMembersPerDay: days([4, 5, 6]),
        activeMembersPerWeek: [{ day: '2026-11-16', count: 9 }],
        recordTotal: 60,
        activeMembers7: 42,
        activeMembers30: 99,
      }),
    );
    bff.onCall(
      'getOperatorPointStats',
      reply({ granted: days([100, 0, 50]), redeemed: days([0, 500, 0]), grantedTotal: 150, redeemedTotal: 500 }),
    );
    renderAt('/admin');
    expect(await screen.findByText('1,234人')).toBeInTheDocument();
    expect(screen.getByText('6人')).toBeInTheDocument();
    expect(await screen.findByText('42人')).toBeInTheDocument();
    expect(screen.getByText('99人')).toBeInTheDocument();
    expect(await screen.findByText('150pt')).toBeInTheDocument();
    expect(screen.getByText('500pt')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '日別の新規登録・記録した会員・記録数・ポイント' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2026年11月22日(日)');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '6', '30', '50', '0']);
  });

  it('one failing figure keeps the others, and its retry loads it', async () => {
    bff.onCall('getOperatorMemberStats', reply({ members: 5, signUps: days([1]), signUpTotal: 1 }));
    bff.onCall('getOperatorHealthStats', bffError(503, 'service_unavailable', 'ただいま混み合っています。'), { times: 1 });
    bff.onCall('getOperatorPointStats', reply({ granted: days([0]), redeemed: days([0]), grantedTotal: 0, redeemedTotal: 0 }));
    renderAt('/admin');
    expect(await screen.findByText(/記録の集計を読み込めませんでした/)).toBeInTheDocument();
    expect(screen.getByText('5人')).toBeInTheDocument();
    bff.onCall(
      'getOperatorHealthStats',
      reply({
        recordsPerDay: days([3]),
        activeMembersPerDay: days([1]),
        activeMembersPerWeek: [],
        recordTotal: 3,
        activeMembers7: 1,
        activeMembers30: 2,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('3件')).toBeInTheDocument();
  });

  it('a preset period asks each area for it', async () => {
    bff.onCall('getOperatorMemberStats', reply({ members: 0, signUps: [], signUpTotal: 0 }));
    bff.onCall(
      'getOperatorHealthStats',
      reply({
        recordsPerDay: [],
        activeMembersPerDay: [],
        activeMembersPerWeek: [],
        recordTotal: 0,
        activeMembers7: 0,
        activeMembers30: 0,
      }),
    );
    bff.onCall('getOperatorPointStats', reply({ granted: [], redeemed: [], grantedTotal: 0, redeemedTotal: 0 }));
    renderAt('/admin');
    await userEvent.click(await screen.findByRole('button', { name: '直近7日' }));
    const asked = bff.callsOf('getOperatorPointStats').at(-1)!;
    const span = (Date.parse(`${asked.query.to}T00:00:00Z`) - Date.parse(`${asked.query.from}T00:00:00Z`)) / 86_400_000;
    expect(span).toBe(6);
  });
});

describe('dashboard charts (issue 27: sign-ups, active members, records and points over time, with the table kept)', () => {
  beforeEach(() => {
    signedIn(bff);
  });

  it('draws four charts by week by default, each said in words, and by day on request', async () => {
    // 2026-11-20 is a Friday: the 20th–22nd are one week (from Monday the 16th), the 23rd the next.
    const four = (counts: number[]) => counts.map((count, index) => ({ day: `2026-11-${20 + index}`, count }));
    bff.onCall('getOperatorMemberStats', reply({ members: 10, signUps: four([1, 2, 3, 4]), signUpTotal: 10 }));
    bff.onCall(
      'getOperatorHealthStats',
      reply({
        recordsPerDay: four([10, 0, 5, 7]),
        activeMembersPerDay: four([3, 0, 2, 4]),
        activeMembersPerWeek: [
          { day: '2026-11-16', count: 4 },
          { day: '2026-11-23', count: 4 },
        ],
        recordTotal: 22,
        activeMembers7: 5,
        activeMembers30: 6,
      }),
    );
    bff.onCall(
      'getOperatorPointStats',
      reply({ granted: four([100, 0, 0, 50]), redeemed: four([0, 0, 500, 0]), grantedTotal: 150, redeemedTotal: 500 }),
    );
    renderAt('/admin');
    const signUps = await screen.findByRole('figure', { name: '新規登録（週別）' });
    expect(signUps).toHaveAccessibleDescription('新規登録は合計10人、最も多いのは11月16日からの週の6人、直近は11月23日からの週の4人です。');
    expect(screen.getByRole('figure', { name: '記録した会員（週別）' })).toHaveAccessibleDescription(
      '記録した会員、最も多いのは11月16日からの週の4人、直近は11月23日からの週の4人です。',
    );
    expect(screen.getByRole('figure', { name: 'ポイント（週別）' })).toHaveTextContent('交換は合計500pt');
    expect(screen.getAllByTestId('dashboard-chart')).toHaveLength(4);
    expect(chartSeriesValues(signUps, 'dashboard-chart')).toEqual({ 新規登録: [6, 4] });
    // The table keeps every day's numbers beside the charts.
    expect(screen.getByRole('table', { name: '日別の新規登録・記録した会員・記録数・ポイント' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: '日別' }));
    expect(await screen.findByRole('figure', { name: '記録数（日別）' })).toHaveAccessibleDescription(
      '記録数は合計22件、最も多いのは11月20日の10件、直近は11月23日の7件です。',
    );
    expect(chartSeriesValues(screen.getByRole('figure', { name: '新規登録（日別）' }), 'dashboard-chart')).toEqual({
      新規登録: [1, 2, 3, 4],
    });
  });
});
