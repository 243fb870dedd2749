import type { WalkingEvent, WalkingTeam } from '@sukoyaka/contract';
import { bffError, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadIncentiveCalls } from '@sukoyaka/shared';
import { signIn } from '../testing/fixtures';
import { renderAt } from '../testing/render';

jest.mock('@sukoyaka/shared', () => ({
  ...jest.requireActual('@sukoyaka/shared'),
  loadIncentiveCalls: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/incentives').incentiveCalls)),
}));
const loadCalls = loadIncentiveCalls as jest.MockedFunction<typeof loadIncentiveCalls>;

const EVENT_ID = '55555555-5555-4555-8555-555555555555';
const TEAM_ID = '66666666-6666-4666-8666-666666666666';

const event: WalkingEvent = {
  id: EVENT_ID,
  title: '秋のチームウォーキング',
  description: '4週間、チームで歩こう。',
  startsOn: '2026-11-01',
  endsOn: '2026-11-28',
  graceDays: 3,
  mode: 'both',
  teamSize: 5,
  dailyLimit: 50_000,
  finishSteps: 200_000,
  finishPoints: 100,
  rankRewards: [{ upToRank: 3, points: 500 }],
  teamRankRewards: [],
  phase: 'open',
  participants: 1200,
  teams: 150,
  closedAt: null,
  me: null,
};

const joined: WalkingEvent = {
  ...event,
  me: {
    total: 52_300,
    rank: 42,
    rewardPoints: null,
    days: [
      { day: '2026-11-02', steps: 8000, status: 'counted' },
      { day: '2026-11-03', steps: 60_000, status: 'held' },
    ],
    team: { id: TEAM_ID, name: 'はなチーム', total: 98_000, rank: 7, members: 3, inviteCode: 'AbCdEf123456' },
  },
};

describe('walking events', () => {
  const bff = setupFakeBff();
  beforeEach(() => signIn(bff));

  it('lists the events and says when there are none', async () => {
    bff.onCall('listWalkingEvents', reply({ items: [{ ...event, joined: true }] }));
    renderAt('/incentives/walking_events');
    const card = await screen.findByRole('region', { name: '秋のチームウォーキング' });
    expect(within(card).getByText('開催中（1,200人が参加）')).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveTextContent('参加しています');
    expect(within(card).getByRole('link', { name: '「秋のチームウォーキング」の詳しい内容' })).toHaveAttribute(
      'href',
      `/incentives/walking_events/${EVENT_ID}`,
    );
  });

  it('shows the empty state', async () => {
    bff.onCall('listWalkingEvents', reply({ items: [] }));
    renderAt('/incentives/walking_events');
    expect(await screen.findByText('いま参加できるイベントはありません')).toBeInTheDocument();
  });

  it('joins an event, then shows the member’s total, rank, held days as 確認中 and the team', async () => {
    let current = event;
    bff.onCall('getWalkingEvent', () => reply(current));
    bff.onCall('getWalkingLeaderboard', (request) =>
      reply(
        request.query.kind === 'members'
          ? {
              top: [{ rank: 1, name: 'はな', total: 150_000, isMe: false }],
              aroundMe: [{ rank: 42, name: 'たろう', total: 52_300, isMe: true }],
            }
          : { top: [{ rank: 1, name: 'はなチーム', total: 98_000, isMe: true }], aroundMe: [] },
      ),
    );
    bff.onCall('joinWalkingEvent', () => {
      current = joined;
      return reply(joined);
    });
    renderAt(`/incentives/walking_events/${EVENT_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'このイベントに参加する' }));
    const mine = await screen.findByRole('region', { name: 'あなたの記録' });
    expect(within(mine).getByText('42位 / 1,200人')).toBeInTheDocument();
    expect(within(mine).getByRole('status')).toHaveTextContent('確認中の日が1日あります');
    expect(within(mine).getByText(/60,000歩（確認中）/)).toBeInTheDocument();
    const team = screen.getByRole('region', { name: 'チーム' });
    expect(within(team).getByText('7位 / 150チーム')).toBeInTheDocument();
    expect(within(team).getByRole('link', { name: 'チームのページ' })).toHaveAttribute(
      'href',
      `/incentives/walking_events/${EVENT_ID}/teams/${TEAM_ID}`,
    );
    const board = screen.getByRole('region', { name: '個人ランキング' });
    const around = await within(board).findByRole('list', { name: '個人ランキングのあなたの前後' });
    expect(within(around).getByRole('listitem')).toHaveTextContent('42位 たろう 52,300歩（あなた）');
    expect(within(board).getByRole('list', { name: '個人ランキングの上位' })).toHaveTextContent('1位 はな 150,000歩');
  });

  it('after the close, claims no reward before the member’s is paid, then shows what was paid', async () => {
    const closed: WalkingEvent = { ...joined, phase: 'closed', closedAt: '2026-12-02T00:00:00.000Z' };
    let current = closed;
    bff.onCall('getWalkingEvent', () => reply(current));
    bff.onCall('getWalkingLeaderboard', reply({ top: [], aroundMe: [] }));
    const { unmount } = renderAt(`/incentives/walking_events/${EVENT_ID}`);
    let mine = await screen.findByRole('region', { name: 'あなたの記録' });
    expect(within(mine).getByText(/ポイントを付与しています/)).toBeInTheDocument();
    expect(within(mine).queryByText(/付与しました/)).not.toBeInTheDocument();
    unmount();

    current = { ...closed, me: { ...closed.me!, rewardPoints: 600 } };
    renderAt(`/incentives/walking_events/${EVENT_ID}`);
    mine = await screen.findByRole('region', { name: 'あなたの記録' });
    expect(within(mine).getByText(/600.*を付与しました/)).toBeInTheDocument();
    expect(within(mine).queryByText(/ポイントを付与しています/)).not.toBeInTheDocument();
  });

  it('shows a teammate’s days on the team page, and a full team’s refusal on the invite page', async () => {
    const team: WalkingTeam = {
      id: TEAM_ID,
      eventId: EVENT_ID,
      name: 'はなチーム',
      total: 98_000,
      rank: 7,
      inviteCode: 'AbCdEf123456',
      teamSize: 5,
      members: [
        { name: 'はな', isMe: false, total: 60_000, days: [{ day: '2026-11-02', steps: 12_000, status: 'counted' }] },
        { name: 'たろう', isMe: true, total: 38_000, days: [] },
      ],
    };
    bff.onCall('getWalkingTeam', reply(team));
    const { unmount } = renderAt(`/incentives/walking_events/${EVENT_ID}/teams/${TEAM_ID}`);
    const hana = await screen.findByRole('region', { name: 'はな：60,000歩' });
    expect(within(hana).getByText(/12,000歩/)).toBeInTheDocument();
    unmount();

    bff.onCall(
      'getWalkingTeamInvite',
      reply({
        eventId: EVENT_ID,
        eventTitle: event.title,
        startsOn: event.startsOn,
        endsOn: event.endsOn,
        teamName: 'はなチーム',
        members: 5,
        teamSize: 5,
      }),
    );
    bff.onCall('joinWalkingTeam', bffError(409, 'walking_team_full', 'このチームは満員です（5人まで）。'));
    renderAt('/incentives/walking_invites/AbCdEf123456');
    await userEvent.click(await screen.findByRole('button', { name: 'このチームに入る' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('このチームは満員です');
  });

  it('issue 27: the event shows without the incentives schemas; the team form loads them once, at its first touch', async () => {
    const noTeam: WalkingEvent = { ...joined, me: { ...joined.me!, team: null } };
    bff.onCall('getWalkingEvent', reply(noTeam));
    bff.onCall('getWalkingLeaderboard', reply({ top: [], aroundMe: [] }));
    bff.onCall('createWalkingTeam', reply({ ...joined.me!.team!, eventId: EVENT_ID, teamSize: 5, members: [] }));
    loadCalls.mockClear();
    renderAt(`/incentives/walking_events/${EVENT_ID}`);
    const form = await screen.findByRole('form', { name: 'チームをつくる' });
    expect(screen.getByText('42位 / 1,200人')).toBeInTheDocument();
    expect(loadCalls).not.toHaveBeenCalled();

    await userEvent.click(within(form).getByRole('button', { name: 'チームをつくる' }));
    expect(loadCalls).toHaveBeenCalledTimes(1);
    // The schema's own message, once it has loaded; nothing is sent.
    expect(await within(form).findByText('チーム名を入力してください')).toBeInTheDocument();
    expect(bff.callsOf('createWalkingTeam')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('チーム名', { exact: false }), 'はなチーム');
    await userEvent.click(within(form).getByRole('button', { name: 'チームをつくる' }));
    await waitFor(() => expect(bff.callsOf('createWalkingTeam')).toHaveLength(1));
    expect(bff.callsOf('createWalkingTeam')[0]!.body).toEqual({ eventId: EVENT_ID, name: 'はなチーム' });
    expect(loadCalls).toHaveBeenCalledTimes(1);
  });
});
