import type { PrizeCompetition } from '@sukoyaka/contract';
import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serverError, signIn } from '../testing/fixtures';
import { CompetitionsPage } from './CompetitionsPage';

const coins: PrizeCompetition = {
  id: '33333333-3333-4333-8333-333333333333',
  title: '冬の健康グッズ懸賞',
  description: '100コインで応募できます。',
  startsAt: '2026-11-16T00:00:00.000Z',
  endsAt: '2026-12-14T00:00:00.000Z',
  entryKind: 'coins',
  stepsRequired: null,
  coinCost: 100,
  prizes: [{ name: '体組成計', winners: 1 }],
  secretHash: 'a'.repeat(64),
  drawnAt: null,
  drawSeed: null,
  secret: null,
  entryCount: 3,
  me: { state: 'open', enteredAt: null, steps: null, prize: null },
};
const walking: PrizeCompetition = {
  ...coins,
  id: '44444444-4444-4444-8444-444444444444',
  title: '4週間で20万歩チャレンジ',
  entryKind: 'steps',
  coinCost: null,
  stepsRequired: 200_000,
  me: { state: 'entered', enteredAt: '2026-11-20T00:00:00.000Z', steps: 52_300, prize: null },
};

describe('/incentives/competitions', () => {
  const bff = setupFakeBff();
  beforeEach(() => signIn(bff));

  it('shows each competition with how to enter, the prizes and the member’s progress', async () => {
    bff.onCall('listOpenPrizeCompetitions', reply({ items: [coins, walking] }));
    renderWithProviders(<CompetitionsPage />);
    const card = await screen.findByRole('region', { name: '4週間で20万歩チャレンジ' });
    expect(within(card).getByText('期間中に合計200,000歩を歩いて応募')).toBeInTheDocument();
    expect(within(card).getByText('52,300歩 / 200,000歩')).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveTextContent('応募済みです');
    expect(within(screen.getByRole('region', { name: '冬の健康グッズ懸賞' })).getByText('体組成計（1名）')).toBeInTheDocument();
  });

  it('a coin entry asks for confirmation, then enters once', async () => {
    let entered = false;
    bff.onCall('listOpenPrizeCompetitions', () =>
      reply({ items: [entered ? { ...coins, me: { ...coins.me, state: 'entered', enteredAt: '2026-11-23T00:00:00.000Z' } } : coins] }),
    );
    bff.onCall('enterPrizeCompetition', () => {
      entered = true;
      return reply({ ...coins, me: { ...coins.me, state: 'entered' } });
    });
    renderWithProviders(<CompetitionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'この懸賞に応募する' }));
    expect(screen.getByText('100コインを使って応募します。よろしいですか？')).toBeInTheDocument();
    expect(bff.callsOf('enterPrizeCompetition')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '応募する' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('応募済みです'));
    expect(bff.callsOf('enterPrizeCompetition')).toHaveLength(1);
    expect(bff.callsOf('enterPrizeCompetition')[0]!.body).toEqual({ competitionId: coins.id });
  });

  it('says when the coins are short, and shows a drawn result with its seed', async () => {
    bff.onCall(
      'listOpenPrizeCompetitions',
      reply({
        items: [
          coins,
          {
            ...walking,
            drawnAt: '2026-12-15T00:00:00.000Z',
            drawSeed: 'b'.repeat(64),
            secret: 'c'.repeat(64),
            me: { ...walking.me, state: 'won', prize: 'ウォーキングシューズ' },
          },
        ],
      }),
    );
    bff.onCall('enterPrizeCompetition', bffError(409, 'insufficient_balance', 'コインが足りません。'));
    renderWithProviders(<CompetitionsPage />);
    const won = await screen.findByRole('region', { name: '4週間で20万歩チャレンジ' });
    expect(within(won).getByRole('status')).toHaveTextContent('当選しました！（ウォーキングシューズ）');
    expect(within(won).getByText(/シード b{64}/)).toBeInTheDocument();
    const coinCard = screen.getByRole('region', { name: '冬の健康グッズ懸賞' });
    await userEvent.click(within(coinCard).getByRole('button', { name: 'この懸賞に応募する' }));
    await userEvent.click(within(coinCard).getByRole('button', { name: '応募する' }));
    expect(await within(coinCard).findByText('コインが足りません。')).toBeInTheDocument();
  });

  it('says when none is open, and shows a failure with a retry', async () => {
    bff.onCall('listOpenPrizeCompetitions', reply({ items: [] }));
    bff.onCall('listOpenPrizeCompetitions', serverError, { times: 1 });
    renderWithProviders(<CompetitionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('いま応募できる懸賞はありません')).toBeInTheDocument();
  });
});
