import { deferred, renderWithProviders, reply, setupFakeBff, type FakeReply } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import { formatDate } from '../format';
import { IncentivesBalance } from '../IncentivesBalanceParcel';
import { account, serverError, signIn, SOON } from '../testing/fixtures';
import { renderAt } from '../testing/render';

describe('/incentives and the home parcel', () => {
  const bff = setupFakeBff();
  beforeEach(() => signIn(bff));

  it('loads, then shows coins, points, what expires soon and the links', async () => {
    const coins = deferred<FakeReply>();
    bff.onCall('getCoinAccount', () => coins.promise);
    bff.onCall('listEnablePointAccounts', reply({ accounts: [account] }));
    renderAt('/incentives');
    expect(await screen.findByText('残高を読み込み中…')).toBeInTheDocument();
    coins.resolve(reply({ balance: 1250 }));
    expect(await screen.findByText('1,250コイン')).toBeInTheDocument();
    expect(screen.getByText('1,000pt')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(`すこやかポイント：${formatDate(SOON)}に300ptが失効します。`);
    expect(screen.getByRole('link', { name: '交換したギフト' })).toHaveAttribute('href', '/incentives/user_gifts');
    expect(screen.getByRole('link', { name: 'すこやかポイント' })).toHaveAttribute('href', `/points/${account.pointId}`);
    expect(document.title).toBe('コイン・ポイント | すこやか');
  });

  it('a member without programs sees the coins alone; a failure says so', async () => {
    bff.onCall('getCoinAccount', reply({ balance: 0 }));
    bff.onCall('listEnablePointAccounts', reply({ accounts: [] }));
    const { unmount } = renderWithProviders(<IncentivesBalance />);
    expect(await screen.findByText('0コイン')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    unmount();

    bff.onCall('getCoinAccount', serverError as FakeReply);
    renderWithProviders(<IncentivesBalance />, {});
    expect(await screen.findByText('残高を読み込めませんでした。')).toBeInTheDocument();
  });

  it('inside the app, the program link is the app screen', async () => {
    const agent = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) SukoyakaApp-iOS/3.1.0');
    bff.onCall('getCoinAccount', reply({ balance: 10 }));
    bff.onCall('listEnablePointAccounts', reply({ accounts: [account] }));
    renderWithProviders(<IncentivesBalance />);
    expect(await screen.findByRole('link', { name: 'すこやかポイント' })).toHaveAttribute('href', `sukoyaka://points/${account.pointId}`);
    agent.mockRestore();
  });
});
