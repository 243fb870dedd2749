import type { UserGift } from '@sukoyaka/contract';
import { bffError, deferred, reply, setupFakeBff, type FakeReply } from '@sukoyaka/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deliveryAddress, serverError, signIn, userGift } from '../testing/fixtures';
import { renderAt } from '../testing/render';

const delivery: UserGift = {
  ...userGift,
  id: '4f0e6d8c-9e2b-4a5c-8d7e-5b6c7d8e9f0a',
  name: '体組成計',
  kind: 'delivery',
  code: null,
  deliveryState: 'preparing',
  order: {
    id: '5a1f7e9d-0f3c-4b6d-9e8f-6c7d8e9f0a1b',
    orderNumber: 'ORD-20261101-7KQ3',
    address: { ...deliveryAddress, phone: '03-1234-5678' },
    carrier: null,
    trackingNumber: null,
    shippedAt: null,
    cancelledAt: null,
    cancelReason: null,
  },
};
const shipped: UserGift = {
  ...delivery,
  id: '6b2a8f0e-1a4d-4c7e-8f9a-7d8e9f0a1b2c',
  name: 'オリジナルタオル',
  deliveryState: 'shipped',
  order: {
    ...delivery.order!,
    orderNumber: 'ORD-20261101-8MZ4',
    carrier: 'ヤマト運輸',
    trackingNumber: '491234567890',
    shippedAt: '2026-11-03T01:00:00Z',
  },
};

describe('/incentives/user_gifts', () => {
  const bff = setupFakeBff();
  beforeEach(() => signIn(bff));

  it('loads, then shows each gift with its code or delivery state', async () => {
    const answer = deferred<FakeReply>();
    bff.onCall('listVisibleUserGifts', () => answer.promise);
    renderAt('/incentives/user_gifts');
    expect(await screen.findByText('交換したギフトを読み込み中…')).toBeInTheDocument();
    answer.resolve(reply({ userGifts: [userGift, delivery, shipped], nextCursor: null }));
    const code = await screen.findByRole('article', { name: 'QUOカードPay 500円分' });
    expect(within(code).getByText('QUO-1234-5678')).toBeInTheDocument();
    const preparing = screen.getByRole('article', { name: '体組成計' });
    expect(preparing).toHaveTextContent('配送状況：発送準備中');
    expect(preparing).toHaveTextContent('注文番号：ORD-20261101-7KQ3');
    const sent = screen.getByRole('article', { name: 'オリジナルタオル' });
    expect(sent).toHaveTextContent('配送状況：発送済み');
    expect(sent).toHaveTextContent('ヤマト運輸・追跡番号：491234567890');
    expect(document.title).toBe('交換したギフト | すこやか');
  });

  it('copies a code with one tap and says so; the QR code opens on request', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    bff.onCall('listVisibleUserGifts', reply({ userGifts: [userGift], nextCursor: null }));
    renderAt('/incentives/user_gifts');
    await userEvent.click(await screen.findByRole('button', { name: 'コードをコピー（QUOカードPay 500円分）' }));
    expect(writeText).toHaveBeenCalledWith('QUO-1234-5678');
    expect(await screen.findByText('コードをコピーしました。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'QRコードを表示' }));
    expect(await screen.findByRole('img', { name: 'QUOカードPay 500円分のギフトコードのQRコード' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
  });

  it('a refused clipboard falls back, and a failed copy says how to copy by hand', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    bff.onCall('listVisibleUserGifts', reply({ userGifts: [userGift], nextCursor: null }));
    renderAt('/incentives/user_gifts');
    await userEvent.click(await screen.findByRole('button', { name: 'コードをコピー（QUOカードPay 500円分）' }));
    expect(await screen.findByText('コピーできませんでした。コードを長押ししてコピーしてください。')).toBeInTheDocument();
  });

  it('empty: says so and points to the catalogue', async () => {
    bff.onCall('listVisibleUserGifts', reply({ userGifts: [], nextCursor: null }));
    renderAt('/incentives/user_gifts');
    expect(await screen.findByText('交換したギフトはありません')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ポイントをギフトと交換する' })).toHaveAttribute('href', '/points');
  });

  it('a failed read says why and offers to retry', async () => {
    bff.onCall('listVisibleUserGifts', serverError as FakeReply, { times: 1 });
    renderAt('/incentives/user_gifts');
    expect(await screen.findByRole('alert')).toHaveTextContent('エラーが発生しました。時間をおいてお試しください。');
    bff.onCall('listVisibleUserGifts', reply({ userGifts: [userGift], nextCursor: null }));
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('QUO-1234-5678')).toBeInTheDocument();
  });

  it('marks a gift used, and hides one after confirming', async () => {
    // The fake keeps the member's gifts, as the bff would.
    let gifts: UserGift[] = [userGift];
    bff.onCall('listVisibleUserGifts', () => reply({ userGifts: gifts, nextCursor: null }));
    bff.onCall('patchUserGift', (request) => {
      const body = request.body as { id: string; used?: true; hidden?: true };
      if (body.used) gifts = gifts.map((gift) => ({ ...gift, usedAt: '2026-11-20T01:00:00Z' }));
      if (body.hidden) gifts = [];
      return reply({ ...userGift, usedAt: '2026-11-20T01:00:00Z' });
    });
    renderAt('/incentives/user_gifts');
    await userEvent.click(await screen.findByRole('button', { name: '使用済みにする' }));
    expect(bff.callsOf('patchUserGift')[0]?.body).toEqual({ id: userGift.id, used: true });
    expect(await screen.findByText('2026年11月20日に使用済みにしました')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '使用済みにする' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '一覧から非表示にする' }));
    expect(screen.getByText('このギフトを一覧から非表示にします。元に戻すことはできません。よろしいですか？')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '非表示にする' }));
    expect(bff.callsOf('patchUserGift')[1]?.body).toEqual({ id: userGift.id, hidden: true });
    expect(await screen.findByText('交換したギフトはありません')).toBeInTheDocument();
  });

  it('a refused change says why and keeps the gift', async () => {
    bff.onCall('listVisibleUserGifts', reply({ userGifts: [userGift], nextCursor: null }));
    bff.onCall('patchUserGift', bffError(404, 'not_found', 'ギフトが見つかりません。'));
    renderAt('/incentives/user_gifts');
    await userEvent.click(await screen.findByRole('button', { name: '使用済みにする' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ギフトが見つかりません。');
    expect(screen.getByText('QUO-1234-5678')).toBeInTheDocument();
  });

  it('more gifts load on asking, from the cursor the bff gave', async () => {
    bff.onCall('listVisibleUserGifts', (request) =>
      request.query.cursor === 'c2'
        ? reply({ userGifts: [delivery], nextCursor: null })
        : reply({ userGifts: [userGift], nextCursor: 'c2' }),
    );
    renderAt('/incentives/user_gifts');
    await userEvent.click(await screen.findByRole('button', { name: 'もっと見る' }));
    expect(await screen.findByRole('article', { name: '体組成計' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'QUOカードPay 500円分' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'もっと見る' })).not.toBeInTheDocument();
  });

  it('a gift opened from a deep link (?gift=) is marked current', async () => {
    bff.onCall('listVisibleUserGifts', reply({ userGifts: [userGift, delivery], nextCursor: null }));
    renderAt(`/incentives/user_gifts?gift=${delivery.id}`);
    expect(await screen.findByRole('article', { name: '体組成計' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('article', { name: 'QUOカードPay 500円分' })).not.toHaveAttribute('aria-current');
  });
});
