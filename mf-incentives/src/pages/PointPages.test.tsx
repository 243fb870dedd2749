import { pointExpiryRule } from '@sukoyaka/contract';
import { bffError, deferred, reply, setupFakeBff, type FakeReply } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate } from '../format';
import { account, deliveryAddress, digitalGift, info, POINT_ID, serverError, signIn, SOON, userGift } from '../testing/fixtures';
import { renderAt } from '../testing/render';

const menus = [
  { id: 'm1', kind: 'vital_recorded' as const, title: '血圧を記録', points: 5, dailyLimit: 1, totalLimit: null },
  { id: 'm2', kind: 'campaign_entered' as const, title: 'キャンペーンにエントリー', points: 100, dailyLimit: null, totalLimit: 1 },
];

describe('point pages', () => {
  const bff = setupFakeBff();
  beforeEach(() => signIn(bff));

  it('/points: loads, then each program with its balance and what expires soon', async () => {
    const answer = deferred<FakeReply>();
    bff.onCall('listEnablePointAccounts', () => answer.promise);
    renderAt('/points');
    expect(await screen.findByText('ポイントを読み込み中…')).toBeInTheDocument();
    answer.resolve(
      reply({ accounts: [account, { ...account, pointId: 'p2', name: 'みどりポイント', expiries: [], requiresAgreement: true }] }),
    );
    expect(await screen.findAllByText('1,000pt')).toHaveLength(2);
    expect(screen.getByRole('note')).toHaveTextContent(`${formatDate(SOON)}に300ptが失効します。`);
    expect(screen.getByRole('link', { name: 'すこやかポイントを開く' })).toHaveAttribute('href', `/points/${POINT_ID}`);
    expect(screen.getByRole('link', { name: '利用規約を確認する' })).toHaveAttribute('href', '/points/p2/require_agreement');
    // Issue 27: the expiry rule, as written once in the contract.
    expect(screen.getByText(pointExpiryRule())).toBeInTheDocument();
  });

  it('/points: none, and a failure', async () => {
    bff.onCall('listEnablePointAccounts', reply({ accounts: [] }), { times: 1 });
    const { unmount } = renderAt('/points');
    expect(await screen.findByText('ご利用いただけるポイントはありません')).toBeInTheDocument();
    unmount();
    bff.onCall('listEnablePointAccounts', serverError as FakeReply);
    renderAt('/points');
    expect(await screen.findByRole('alert')).toHaveTextContent('エラーが発生しました。');
  });

  it('/points/[pointId]: balance, every expiry, the program links', async () => {
    bff.onCall('getEnablePointAccount', reply(account));
    renderAt(`/points/${POINT_ID}`);
    expect(await screen.findByText('1,000pt')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: '失効予定' })).toHaveTextContent(`${formatDate(SOON)}に300ptが失効`);
    expect(screen.getByRole('link', { name: 'ギフトと交換する' })).toHaveAttribute('href', `/points/${POINT_ID}/redemption`);
    expect(screen.getByRole('link', { name: 'ポイントをためる' })).toHaveAttribute('href', `/points/${POINT_ID}/earning`);
  });

  it('a program needing consent sends the member to require_agreement; agreeing returns to the page wanted', async () => {
    bff.onCall('getEnablePointAccount', reply({ ...account, requiresAgreement: true }));
    bff.onCall('getPointInfo', reply({ ...info, agreed: false }));
    bff.onCall('createPointAgreement', reply(info));
    renderAt(`/points/${POINT_ID}/redemption`);
    expect(await screen.findByText('すこやかポイントを利用するには、利用規約への同意が必要です。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'すこやかポイント 利用規約（第2版）' })).toBeInTheDocument();
    expect(bff.callsOf('listPointGifts')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '同意して利用を始める' }));
    expect(bff.callsOf('createPointAgreement')[0]?.body).toEqual({ pointId: POINT_ID });
    await waitFor(() => expect(window.location.pathname).toBe(`/points/${POINT_ID}/redemption`));
  });

  it('a refused consent says why', async () => {
    bff.onCall('getPointInfo', reply({ ...info, agreed: false }));
    bff.onCall('createPointAgreement', bffError(404, 'not_found', 'ポイントが見つかりません。'));
    renderAt(`/points/${POINT_ID}/agreements`);
    await userEvent.click(await screen.findByRole('button', { name: '同意して利用を始める' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ポイントが見つかりません。');
  });

  it('/agreements: an agreed program says so', async () => {
    bff.onCall('getPointInfo', reply(info));
    renderAt(`/points/${POINT_ID}/agreements`);
    expect(await screen.findByText('この利用規約に同意済みです。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '同意して利用を始める' })).not.toBeInTheDocument();
  });

  it('/about: the program, its expiry and what earns how much', async () => {
    bff.onCall('getPointInfo', reply(info));
    bff.onCall('listPointMenus', reply({ menus }));
    renderAt(`/points/${POINT_ID}/about`);
    expect(await screen.findByText('健康づくりの取り組みでたまるポイントです。')).toBeInTheDocument();
    // Issue 27: the rule as written once in the contract (the points page and the FAQ say the same).
    expect(screen.getByText(pointExpiryRule(36))).toBeInTheDocument();
    expect(await screen.findByText('血圧を記録：5pt（1日1回まで）')).toBeInTheDocument();
    expect(screen.getByText('キャンペーンにエントリー：100pt（合計1回まで）')).toBeInTheDocument();
  });

  it('/earning: menus with progress; a failure says why', async () => {
    bff.onCall('getEnablePointAccount', reply(account));
    bff.onCall('listPointUserActions', reply({ actions: [{ ...menus[0], todayCount: 0, totalCount: 3, available: true }] }), { times: 1 });
    const { unmount } = renderAt(`/points/${POINT_ID}/earning`);
    expect(await screen.findByText('1日1回まで（今日 0/1回・合計 3回）')).toBeInTheDocument();
    expect(screen.getByText('まだ獲得できます')).toBeInTheDocument();
    unmount();
    bff.onCall('listPointUserActions', serverError as FakeReply);
    renderAt(`/points/${POINT_ID}/earning`);
    expect(await screen.findByRole('alert')).toHaveTextContent('エラーが発生しました。');
  });

  it('/transactions: what expires when, and the month', async () => {
    bff.onCall('getEnablePointAccount', reply(account));
    bff.onCall(
      'listPointTransactions',
      reply({
        transactions: [{ id: 't1', kind: 'earn', amount: 5, description: '血圧を記録', createdAt: new Date().toISOString() }],
        nextCursor: null,
      }),
    );
    renderAt(`/points/${POINT_ID}/transactions`);
    expect(await screen.findByText('+5pt')).toBeInTheDocument();
    expect(screen.getByText('血圧を記録')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: '失効予定' })).toHaveTextContent('300pt');
    expect(bff.callsOf('listPointTransactions')[0]?.query.pointId).toBe(POINT_ID);
  });

  it('/transactions: a heading per day, and the day each earning is for (issue 27)', async () => {
    bff.onCall('getEnablePointAccount', reply(account));
    const line = (id: string, createdAt: string, forDay?: string) => ({
      id,
      kind: 'earn' as const,
      amount: 20,
      description: '目標歩数を達成する',
      createdAt,
      ...(forDay ? { forDay } : {}),
    });
    bff.onCall(
      'listPointTransactions',
      reply({
        transactions: [
          // Paid on 11/26 at 15:27 (Japan) for the steps of 11/25 and of 11/26; and one paid on 11/25.
          line('t3', '2026-11-26T06:27:00.000Z', '2026-11-25'),
          line('t2', '2026-11-26T06:27:00.000Z', '2026-11-26'),
          line('t1', '2026-11-25T03:00:00.000Z', '2026-11-25'),
        ],
        nextCursor: null,
      }),
    );
    renderAt(`/points/${POINT_ID}/transactions`);
    const today = await screen.findByRole('list', { name: '11月26日(木)' });
    const lines = within(today).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('11月25日(水)分・獲得 15:27');
    expect(lines[1]).toHaveTextContent('獲得 15:27');
    expect(lines[1]).not.toHaveTextContent('分・');
    expect(within(screen.getByRole('list', { name: '11月25日(水)' })).getByRole('listitem')).toHaveTextContent('獲得 12:00');
    // The days are headings of the page's second level, beside 失効予定 (right under the h1).
    const history = screen.getByRole('group', { name: /^\d{4}年\d{1,2}月の履歴$/ });
    expect(
      within(history)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['11月26日(木)', '11月25日(水)']);
  });

  it('/transactions: older lines of the month load on asking', async () => {
    bff.onCall('getEnablePointAccount', reply(account));
    const line = (id: string, amount: number) => ({
      id,
      kind: 'earn',
      amount,
      description: '血圧を記録',
      createdAt: new Date().toISOString(),
    });
    bff.onCall('listPointTransactions', (request) =>
      request.query.cursor === 'c2'
        ? reply({ transactions: [line('t2', 7)], nextCursor: null })
        : reply({ transactions: [line('t1', 5)], nextCursor: 'c2' }),
    );
    renderAt(`/points/${POINT_ID}/transactions`);
    await userEvent.click(await screen.findByRole('button', { name: 'もっと見る' }));
    expect(await screen.findByText('+7pt')).toBeInTheDocument();
    expect(screen.getByText('+5pt')).toBeInTheDocument();
    expect(bff.callsOf('listPointTransactions').at(-1)?.query).toMatchObject({ cursor: 'c2', pointId: POINT_ID });
  });

  describe('/redemption', () => {
    const soldOut = { ...digitalGift, id: '5a1f7e9d-0f3c-4b6d-9e8f-6c7d8e9f0a1b', name: '図書カード', stock: 0, inStock: false };
    const dear = {
      ...digitalGift,
      id: '6b2a8f0e-1a4d-4c7e-8f9a-7d8e9f0a1b2c',
      name: '体組成計',
      cost: 3000,
      kind: 'delivery' as const,
      stock: null,
    };

    beforeEach(() => bff.onCall('getEnablePointAccount', reply(account)));

    it('loads the catalogue with cost and stock; sold out and short balance are said, not offered', async () => {
      const answer = deferred<FakeReply>();
      bff.onCall('listPointGifts', () => answer.promise);
      renderAt(`/points/${POINT_ID}/redemption`);
      expect(await screen.findByText('ギフトを読み込み中…')).toBeInTheDocument();
      answer.resolve(reply({ gifts: [digitalGift, soldOut, dear] }));
      expect(await screen.findByText('500pt・残り12点・デジタルギフト（コードをお送りします）')).toBeInTheDocument();
      expect(screen.getByText('在庫がないため交換できません。')).toBeInTheDocument();
      expect(screen.getByText('ポイントが2,000pt足りません。')).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: /と交換する$/ })).toHaveLength(1);
    });

    it('empty catalogue', async () => {
      bff.onCall('listPointGifts', reply({ gifts: [] }));
      renderAt(`/points/${POINT_ID}/redemption`);
      expect(await screen.findByText('いま交換できるギフトはありません')).toBeInTheDocument();
    });

    it('confirms, redeems, shows the new balance and links to user gifts', async () => {
      bff.onCall('listPointGifts', reply({ gifts: [digitalGift] }));
      bff.onCall('redeemGift', reply({ userGift, balance: 500 }));
      renderAt(`/points/${POINT_ID}/redemption`);
      await userEvent.click(await screen.findByRole('button', { name: 'QUOカードPay 500円分と交換する' }));
      expect(screen.getByText('交換後の残り：500pt')).toBeInTheDocument();
      // The question takes the focus, for keyboard and screen-reader users.
      expect(screen.getByRole('heading', { name: '交換の確認' })).toHaveFocus();
      expect(bff.callsOf('redeemGift')).toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: '交換する' }));
      expect((await screen.findAllByRole('status'))[0]).toHaveTextContent('「QUOカードPay 500円分」と交換しました。');
      // The code at once, to copy or show as a QR code (it is mailed too).
      expect(screen.getByRole('button', { name: 'コードをコピー（QUOカードPay 500円分）' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '交換したギフトを見る' })).toHaveAttribute('href', '/incentives/user_gifts');
      expect(bff.callsOf('redeemGift')).toHaveLength(1);
      expect(bff.callsOf('redeemGift')[0]?.body).toEqual({ giftId: digitalGift.id });
      expect(bff.callsOf('redeemGift')[0]?.headers['idempotency-key']).toBeTruthy();
      expect(screen.getByText('500pt', { selector: 'strong' })).toBeInTheDocument();
    });

    it('a physical gift asks where it goes: the address entered, then confirmed, then the order', async () => {
      const towel = { ...dear, cost: 800, name: 'オリジナルタオル' };
      const address = deliveryAddress;
      bff.onCall('listPointGifts', reply({ gifts: [towel] }));
      bff.onCall('getDeliveryAddress', reply({ address: null }), { times: 1 });
      bff.onCall('saveDeliveryAddress', reply({ address }));
      const order = {
        id: userGift.id,
        orderNumber: 'ORD-20261126-7KQ3',
        address,
        carrier: null,
        trackingNumber: null,
        shippedAt: null,
        cancelledAt: null,
        cancelReason: null,
      };
      bff.onCall(
        'redeemGift',
        reply({
          userGift: { ...userGift, name: 'オリジナルタオル', kind: 'delivery', code: null, deliveryState: 'preparing', order },
          balance: 200,
        }),
      );
      renderAt(`/points/${POINT_ID}/redemption`);
      await userEvent.click(await screen.findByRole('button', { name: 'オリジナルタオルと交換する' }));
      expect(await screen.findByText(/ギフトのお届け先を入力してください/)).toBeInTheDocument();
      // No address yet: nothing to redeem with.
      expect(screen.queryByRole('button', { name: '交換する' })).not.toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('お名前'), 'すこやか 花子');
      await userEvent.type(screen.getByLabelText('郵便番号', { exact: false }), '１０００００１');
      await userEvent.selectOptions(screen.getByLabelText('都道府県'), '東京都');
      await userEvent.type(screen.getByLabelText('市区町村', { exact: false }), '千代田区');
      await userEvent.type(screen.getByLabelText('番地', { exact: false }), '千代田1-1');
      await userEvent.type(screen.getByLabelText('電話番号', { exact: false }), '09012345678');
      bff.onCall('getDeliveryAddress', reply({ address }));
      await userEvent.click(screen.getByRole('button', { name: 'この住所に届ける' }));
      expect(bff.callsOf('saveDeliveryAddress')[0]?.body).toMatchObject({
        postalCode: '100-0001',
        prefecture: '東京都',
        phone: '090-1234-5678',
      });
      expect(await screen.findByText('〒100-0001')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: '交換する' }));
      expect((await screen.findAllByRole('status'))[0]).toHaveTextContent('注文番号はORD-20261126-7KQ3です。');
    });

    it('a wrong address is said at its field, before anything is sent', async () => {
      bff.onCall('listPointGifts', reply({ gifts: [{ ...dear, cost: 800 }] }));
      bff.onCall('getDeliveryAddress', reply({ address: null }));
      renderAt(`/points/${POINT_ID}/redemption`);
      await userEvent.click(await screen.findByRole('button', { name: '体組成計と交換する' }));
      await userEvent.type(await screen.findByLabelText('郵便番号', { exact: false }), '12345');
      await userEvent.click(screen.getByRole('button', { name: 'この住所に届ける' }));
      expect(await screen.findByText('郵便番号は7桁の数字で入力してください（例: 100-0001）')).toBeInTheDocument();
      expect(screen.getByText('お名前を入力してください')).toBeInTheDocument();
      expect(bff.callsOf('saveDeliveryAddress')).toHaveLength(0);
    });

    it('out of stock at the moment of redeeming: the clear message, nothing charged', async () => {
      bff.onCall('listPointGifts', reply({ gifts: [digitalGift] }));
      bff.onCall(
        'redeemGift',
        bffError(409, 'gift_out_of_stock', '申し訳ありません。このギフトは在庫がなくなりました。ポイントは使われていません。'),
      );
      renderAt(`/points/${POINT_ID}/redemption`);
      await userEvent.click(await screen.findByRole('button', { name: 'QUOカードPay 500円分と交換する' }));
      await userEvent.click(screen.getByRole('button', { name: '交換する' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('在庫がなくなりました。ポイントは使われていません。');
      expect(screen.getByText('1,000pt', { selector: 'strong' })).toBeInTheDocument();
    });

    it('a refusal for consent sends the member to require_agreement', async () => {
      bff.onCall('listPointGifts', reply({ gifts: [digitalGift] }));
      bff.onCall('getPointInfo', reply({ ...info, agreed: false }));
      bff.onCall('redeemGift', bffError(403, 'point_agreement_required', 'このポイントを利用するには、利用規約への同意が必要です。'));
      renderAt(`/points/${POINT_ID}/redemption`);
      await userEvent.click(await screen.findByRole('button', { name: 'QUOカードPay 500円分と交換する' }));
      await userEvent.click(screen.getByRole('button', { name: '交換する' }));
      expect(await screen.findByRole('button', { name: '同意して利用を始める' })).toBeInTheDocument();
    });
  });
});
