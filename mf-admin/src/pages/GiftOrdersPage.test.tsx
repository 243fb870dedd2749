import type { OperatorGiftOrder } from '@sukoyaka/contract';
import { reply } from '@sukoyaka/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSOCIATION_ID, renderAt, setupAdminBff, signedIn, viewerProfile } from '../testing/render';

const bff = setupAdminBff();
const order: OperatorGiftOrder = {
  id: '3e9d5c7b-8d1f-4f4b-8c6d-4a5b6c7d8e9f',
  orderNumber: 'ORD-20261126-7KQ3',
  orderedAt: '2026-11-26T01:00:00Z',
  status: 'preparing',
  giftName: 'オリジナルタオル',
  cost: 800,
  address: {
    name: 'すこやか 花子',
    postalCode: '100-0001',
    prefecture: '東京都',
    city: '千代田区',
    street: '千代田1-1',
    building: 'すこやかビル101',
    phone: '03-1234-5678',
  },
  carrier: null,
  trackingNumber: null,
  shippedAt: null,
  cancelledAt: null,
  cancelReason: null,
};

describe('/admin/gift_orders (issue 27)', () => {
  it('lists the orders waiting to ship with their address, and filters by status and period', async () => {
    signedIn(bff);
    bff.onCall('listOperatorGiftOrders', reply({ orders: [order], nextCursor: null }));
    renderAt('/admin/gift_orders');
    const row = await screen.findByRole('row', { name: 'ORD-20261126-7KQ3' });
    expect(row).toHaveTextContent('すこやか 花子 様');
    expect(row).toHaveTextContent('〒100-0001');
    expect(row).toHaveTextContent('東京都千代田区千代田1-1');
    expect(row).toHaveTextContent('発送準備中');
    expect(bff.callsOf('listOperatorGiftOrders')[0]?.query).toMatchObject({ associationId: ASSOCIATION_ID, status: 'preparing' });
    bff.onCall('listOperatorGiftOrders', reply({ orders: [], nextCursor: null }));
    await userEvent.selectOptions(screen.getByLabelText('状態'), 'cancelled');
    expect(await screen.findByText('該当する注文はありません')).toBeInTheDocument();
    expect(bff.callsOf('listOperatorGiftOrders').at(-1)?.query).toMatchObject({ status: 'cancelled' });
  });

  it('marks an order shipped with the carrier and tracking number; a wrong number is said at its field', async () => {
    signedIn(bff);
    bff.onCall('listOperatorGiftOrders', reply({ orders: [order], nextCursor: null }));
    bff.onCall('shipOperatorGiftOrder', reply({ ...order, status: 'shipped', carrier: 'ヤマト運輸', trackingNumber: '491234567890' }));
    renderAt('/admin/gift_orders');
    await userEvent.click(await screen.findByRole('button', { name: 'ORD-20261126-7KQ3を発送済みにする' }));
    const form = screen.getByRole('form', { name: 'ORD-20261126-7KQ3の発送' });
    await userEvent.type(within(form).getByLabelText('追跡番号'), '追跡');
    await userEvent.click(within(form).getByRole('button', { name: '発送済みにする' }));
    expect(await within(form).findByText('追跡番号は英数字とハイフンの4〜40文字で入力してください')).toBeInTheDocument();
    expect(bff.callsOf('shipOperatorGiftOrder')).toHaveLength(0);
    await userEvent.clear(within(form).getByLabelText('追跡番号'));
    await userEvent.type(within(form).getByLabelText('追跡番号'), '4912-3456-7890');
    bff.onCall(
      'listOperatorGiftOrders',
      reply({ orders: [{ ...order, status: 'shipped', carrier: 'ヤマト運輸', trackingNumber: '491234567890' }], nextCursor: null }),
    );
    await userEvent.click(within(form).getByRole('button', { name: '発送済みにする' }));
    expect(bff.callsOf('shipOperatorGiftOrder')[0]?.body).toEqual({
      associationId: ASSOCIATION_ID,
      orderId: order.id,
      carrier: 'ヤマト運輸',
      trackingNumber: '4912-3456-7890',
    });
    expect(await screen.findByText(/ヤマト運輸 491234567890/)).toBeInTheDocument();
  });

  it('downloads the carrier’s CSV of what is shown; a viewer can neither export nor ship', async () => {
    signedIn(bff);
    bff.onCall('listOperatorGiftOrders', reply({ orders: [order], nextCursor: null }));
    bff.onCall(
      'exportOperatorGiftOrders',
      reply({
        fileName: 'gift-orders-20261126.csv',
        mediaType: 'text/csv; charset=utf-8',
        content: '\uFEFF注文番号\r\n',
        count: 1,
        truncated: false,
      }),
    );
    const createObjectURL = jest.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    renderAt('/admin/gift_orders');
    await userEvent.click(await screen.findByRole('button', { name: '配送用CSVをダウンロード' }));
    expect(await screen.findByText('1件をCSVに出力しました。')).toBeInTheDocument();
    expect(bff.callsOf('exportOperatorGiftOrders')[0]?.query).toMatchObject({ associationId: ASSOCIATION_ID, status: 'preparing' });
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('a viewer reads the orders but is offered no write', async () => {
    signedIn(bff, viewerProfile);
    bff.onCall('listOperatorGiftOrders', reply({ orders: [order], nextCursor: null }));
    renderAt('/admin/gift_orders');
    await screen.findByRole('row', { name: 'ORD-20261126-7KQ3' });
    expect(screen.queryByRole('button', { name: '配送用CSVをダウンロード' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /発送済みにする/ })).not.toBeInTheDocument();
  });

  it('corrects a shipped order’s tracking number, starting from the one registered; the corrected one shows', async () => {
    signedIn(bff);
    const shipped = {
      ...order,
      status: 'shipped' as const,
      carrier: 'ヤマト運輸',
      trackingNumber: '491234567890',
      shippedAt: '2026-11-27T02:00:00Z',
    };
    bff.onCall('listOperatorGiftOrders', reply({ orders: [shipped], nextCursor: null }));
    renderAt('/admin/gift_orders');
    await userEvent.selectOptions(await screen.findByLabelText('状態'), 'shipped');
    await userEvent.click(await screen.findByRole('button', { name: 'ORD-20261126-7KQ3の追跡番号を訂正する' }));
    const form = screen.getByRole('form', { name: 'ORD-20261126-7KQ3の追跡番号の訂正' });
    expect(within(form).getByLabelText('追跡番号')).toHaveValue('491234567890');
    expect(form).toHaveTextContent('正しい追跡番号を会員にメールでお知らせします');
    await userEvent.clear(within(form).getByLabelText('追跡番号'));
    await userEvent.type(within(form).getByLabelText('追跡番号'), '番号');
    await userEvent.click(within(form).getByRole('button', { name: '訂正する' }));
    expect(await within(form).findByText('追跡番号は英数字とハイフンの4〜40文字で入力してください')).toBeInTheDocument();
    expect(bff.callsOf('correctOperatorGiftOrderTracking')).toHaveLength(0);

    const corrected = { ...shipped, carrier: '佐川急便', trackingNumber: '9876-5432-1098' };
    bff.onCall('correctOperatorGiftOrderTracking', (request) => {
      expect(request.body).toEqual({
        associationId: ASSOCIATION_ID,
        orderId: order.id,
        carrier: '佐川急便',
        trackingNumber: '9876-5432-1098',
      });
      bff.onCall('listOperatorGiftOrders', reply({ orders: [corrected], nextCursor: null }));
      return reply(corrected);
    });
    await userEvent.clear(within(form).getByLabelText('配送業者'));
    await userEvent.type(within(form).getByLabelText('配送業者'), '佐川急便');
    await userEvent.clear(within(form).getByLabelText('追跡番号'));
    await userEvent.type(within(form).getByLabelText('追跡番号'), '9876-5432-1098');
    await userEvent.click(within(form).getByRole('button', { name: '訂正する' }));
    const row = screen.getByRole('row', { name: 'ORD-20261126-7KQ3' });
    expect(await within(row).findByText(/佐川急便 9876-5432-1098/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'ORD-20261126-7KQ3の追跡番号の訂正' })).not.toBeInTheDocument();
  });
});
