import { pagePaths, type UserGift } from '@sukoyaka/contract';
import { giftOrderStatusLabels } from '@sukoyaka/contract/incentive-terms';
import { AppLink, Stack, Text } from '@sukoyaka/shared';
import { formatDate } from '../format';
import { AddressText } from './DeliveryAddressForm';

/**
 * Where a physical gift stands: 発送準備中, 発送済み with the carrier and tracking number, or
 * キャンセル with the reason; the order number and the address it goes to.
 */
export function OrderDetails({ gift }: { gift: UserGift }) {
  const { order } = gift;
  const status = gift.deliveryState === 'issued' ? 'preparing' : gift.deliveryState;
  return (
    <Stack $gap={0.5}>
      <Text>
        配送状況：<strong>{giftOrderStatusLabels[status]}</strong>
        {order?.shippedAt ? `（${formatDate(order.shippedAt)}発送）` : ''}
      </Text>
      {order ? <Text $muted>注文番号：{order.orderNumber}</Text> : null}
      {order?.trackingNumber ? (
        <Text>
          {order.carrier}・追跡番号：<strong style={{ fontFamily: 'monospace', userSelect: 'all' }}>{order.trackingNumber}</strong>
        </Text>
      ) : null}
      {order?.cancelledAt ? <Text>取り消しの理由：{order.cancelReason}</Text> : null}
      {order && status !== 'cancelled' ? (
        order.address ? (
          <details>
            <summary>お届け先</summary>
            <AddressText address={order.address} />
          </details>
        ) : (
          <Text>
            お届け先住所が未登録です。<AppLink href={pagePaths.deliveryAddress}>お届け先住所を登録する</AppLink>
          </Text>
        )
      ) : null}
    </Stack>
  );
}
