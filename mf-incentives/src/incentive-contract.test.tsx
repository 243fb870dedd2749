import type { UserGift } from '@sukoyaka/contract';
import { reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { account, deliveryAddress, digitalGift, POINT_ID, signIn, userGift } from './testing/fixtures';
import { renderAt } from './testing/render';

/*
 * Issue 27: the gifts' pages and the walking events show without the contract's incentives module
 * (its schemas, the field builders and zod/mini, about 20 KiB); their words come from the zod-free
 * `@sukoyaka/contract/incentive-terms`. The module is watched here as the browser would load it: a
 * static import anywhere on the way to these pages loads it with them.
 */
const mockSchemasLoaded = jest.fn();
jest.mock('@sukoyaka/contract/incentives', () => {
  mockSchemasLoaded();
  return jest.requireActual('@sukoyaka/contract/incentives');
});

const physical: UserGift = {
  ...userGift,
  name: '体組成計',
  kind: 'delivery',
  code: null,
  deliveryState: 'shipped',
  order: {
    id: '5a1f7e9d-0f3c-4b6d-9e8f-6c7d8e9f0a1b',
    orderNumber: 'ORD-20261101-7KQ3',
    address: deliveryAddress,
    carrier: 'ヤマト運輸',
    trackingNumber: '491234567890',
    shippedAt: '2026-11-03T01:00:00Z',
    cancelledAt: null,
    cancelReason: null,
  },
};

describe('the incentives schemas, loaded on a form’s first use (issue 27)', () => {
  const bff = setupFakeBff();
  beforeEach(() => signIn(bff));

  it('issue 27: gifts, walking events and a physical gift’s address form show without them; the form’s first touch loads them', async () => {
    bff.onCall('listVisibleUserGifts', reply({ userGifts: [physical], nextCursor: null }));
    let view = renderAt('/incentives/user_gifts');
    const gift = await screen.findByRole('article', { name: '体組成計' });
    expect(gift).toHaveTextContent('配送状況：発送済み');
    await userEvent.click(screen.getByText('お届け先'));
    expect(gift).toHaveTextContent('〒100-0001');
    expect(mockSchemasLoaded).not.toHaveBeenCalled();
    view.unmount();

    bff.onCall('listWalkingEvents', reply({ items: [] }));
    view = renderAt('/incentives/walking_events');
    expect(await screen.findByText('いま参加できるイベントはありません')).toBeInTheDocument();
    expect(mockSchemasLoaded).not.toHaveBeenCalled();
    view.unmount();

    bff.onCall('getEnablePointAccount', reply(account));
    bff.onCall('listPointGifts', reply({ gifts: [{ ...digitalGift, name: 'オリジナルタオル', kind: 'delivery', cost: 800 }] }));
    bff.onCall('getDeliveryAddress', reply({ address: null }));
    renderAt(`/points/${POINT_ID}/redemption`);
    await userEvent.click(await screen.findByRole('button', { name: 'オリジナルタオルと交換する' }));
    const prefecture = await screen.findByLabelText('都道府県');
    expect(prefecture).toContainElement(screen.getByRole('option', { name: '沖縄県' }));
    expect(mockSchemasLoaded).not.toHaveBeenCalled();

    await userEvent.click(screen.getByLabelText('お名前'));
    await waitFor(() => expect(mockSchemasLoaded).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'この住所に届ける' }));
    expect(await screen.findByText('お名前を入力してください')).toBeInTheDocument();
    expect(bff.callsOf('saveDeliveryAddress')).toHaveLength(0);
  });
});
