import type { IncentiveUserAction } from '@sukoyaka/contract';
import { bffError, deferred, reply, setupFakeBff, type FakeReply } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { monthOf, recentMonths } from '../format';
import { serverError, signIn, userGift } from '../testing/fixtures';
import { renderAt } from '../testing/render';

const walk: IncentiveUserAction = {
  id: 'm1',
  kind: 'step_goal_reached',
  title: '歩数の目標を達成',
  points: 10,
  dailyLimit: 1,
  totalLimit: null,
  todayCount: 1,
  totalCount: 12,
  available: false,
};

const challengeInfo = {
  cost: 100,
  oddsBasisPoints: 1000,
  oddsLabel: '10%',
  prizes: [{ id: 'p1', name: 'QUOカードPay 500円分', description: 'デジタルギフト' }],
  balance: 1250,
  available: true,
};

describe('coin pages', () => {
  const bff = setupFakeBff();
  beforeEach(() => signIn(bff));

  it('/coin: loads, then the balance and the coin menu', async () => {
    const answer = deferred<FakeReply>();
    bff.onCall('getCoinAccount', () => answer.promise);
    renderAt('/coin');
    expect(await screen.findByText('コイン残高を読み込み中…')).toBeInTheDocument();
    answer.resolve(reply({ balance: 1250 }));
    expect(await screen.findByText('1,250コイン')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'コインをためる' })).toHaveAttribute('href', '/coin/earning');
    expect(screen.getByRole('link', { name: 'ギフトチャレンジに挑戦する' })).toHaveAttribute('href', '/coin/redemption');
  });

  it('/coin: a failed read says why', async () => {
    bff.onCall('getCoinAccount', serverError as FakeReply);
    renderAt('/coin');
    expect(await screen.findByRole('alert')).toHaveTextContent('エラーが発生しました。');
  });

  it('/coin/earning: each rule with its caps and the progress; empty says so', async () => {
    bff.onCall('listCoinUserActions', reply({ actions: [walk] }), { times: 1 });
    const { unmount } = renderAt('/coin/earning');
    expect(await screen.findByText('歩数の目標を達成：10コイン')).toBeInTheDocument();
    expect(screen.getByText('1日1回まで（今日 1/1回・合計 12回）')).toBeInTheDocument();
    expect(screen.getByText('上限に達しました')).toBeInTheDocument();
    unmount();
    bff.onCall('listCoinUserActions', reply({ actions: [] }));
    renderAt('/coin/earning');
    expect(await screen.findByText('いまは獲得できるメニューがありません')).toBeInTheDocument();
  });

  it('/coin/transactions: this month first, another month on choosing it, empty months say so', async () => {
    const [thisMonth, lastMonth] = recentMonths(new Date()) as [string, string];
    bff.onCall('listCoinTransactions', (request) =>
      reply({
        transactions:
          request.query.month === thisMonth
            ? [{ id: 't1', kind: 'challenge', amount: -100, description: 'ギフトチャレンジ', createdAt: new Date().toISOString() }]
            : [],
        nextCursor: null,
      }),
    );
    renderAt('/coin/transactions');
    expect(await screen.findByText('−100コイン')).toBeInTheDocument();
    expect(bff.callsOf('listCoinTransactions')[0]?.query.month).toBe(monthOf(new Date()));
    await userEvent.selectOptions(screen.getByLabelText('表示する月'), lastMonth);
    const [year, month] = lastMonth.split('-');
    expect(await screen.findByText(`${year}年${Number(month)}月の履歴はありません`)).toBeInTheDocument();
    expect(bff.callsOf('listCoinTransactions').at(-1)?.query.month).toBe(lastMonth);
  });

  it('/coin/redemption: states cost and odds, confirms, draws and shows a win', async () => {
    bff.onCall('getGiftChallengeInfo', reply(challengeInfo));
    bff.onCall('giftChallenge', reply({ drawId: 'd1', won: true, userGift: { ...userGift, source: 'challenge' }, balance: 1150 }));
    renderAt('/coin/redemption');
    expect(await screen.findByText('1回 100コイン・当選確率 10%')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'チャレンジする' }));
    expect(screen.getByText('100コインを使ってギフトチャレンジに挑戦します。よろしいですか？')).toBeInTheDocument();
    expect(bff.callsOf('giftChallenge')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '挑戦する' }));
    expect(await screen.findByRole('status')).toHaveTextContent('おめでとうございます！「QUOカードPay 500円分」が当たりました。');
    expect(screen.getByRole('link', { name: '交換したギフトを見る' })).toHaveAttribute('href', '/incentives/user_gifts');
    expect(bff.callsOf('giftChallenge')).toHaveLength(1);
  });

  it('/coin/redemption: cancelling draws nothing; a loss and a refusal say so', async () => {
    bff.onCall('getGiftChallengeInfo', reply(challengeInfo));
    bff.onCall('giftChallenge', reply({ drawId: 'd1', won: false, userGift: null, balance: 1150 }), { times: 1 });
    renderAt('/coin/redemption');
    await userEvent.click(await screen.findByRole('button', { name: 'チャレンジする' }));
    await userEvent.click(screen.getByRole('button', { name: 'やめる' }));
    expect(bff.callsOf('giftChallenge')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'チャレンジする' }));
    await userEvent.click(screen.getByRole('button', { name: '挑戦する' }));
    expect(await screen.findByText('残念、はずれでした。またチャレンジしてください。')).toBeInTheDocument();

    bff.onCall('giftChallenge', bffError(409, 'insufficient_balance', '残高が足りないため交換できません。'));
    await userEvent.click(screen.getByRole('button', { name: 'もう一度チャレンジする' }));
    await userEvent.click(screen.getByRole('button', { name: '挑戦する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('残高が足りないため交換できません。');
  });

  it('/coin/redemption: a short balance offers no draw and says how to earn', async () => {
    bff.onCall('getGiftChallengeInfo', reply({ ...challengeInfo, balance: 40, available: false }));
    renderAt('/coin/redemption');
    expect(await screen.findByText(/コインが足りません（1回 100コイン）。/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'チャレンジする' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'コインをためる' })).toHaveAttribute('href', '/coin/earning');
  });
});
