import type { OperatorGiftOrder } from '@sukoyaka/contract';
import { deliveryAddressLines, giftOrderStatusLabels, giftOrderStatuses } from '@sukoyaka/contract/incentive-terms';
import {
  Actions,
  Button,
  Card,
  EmptyState,
  FormError,
  Stack,
  Text,
  TextField,
  describeError,
  useContractForm,
  useFormValues,
  loadIncentiveCalls,
} from '@sukoyaka/shared';
import { Select } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { useCancelGiftOrder, useCorrectGiftOrderTracking, useExportGiftOrders, useGiftOrders, useShipGiftOrder } from '../api/gift-orders';
import { useCurrentAssociation } from '../parts/association';
import { formatJapanTime } from '../parts/datetime';
import { AdminPage, DataTable } from '../parts/page-frame';
import { QueryState } from '../parts/states';

type Status = (typeof giftOrderStatuses)[number];

/** /admin/gift_orders: the association's orders of physical gifts — filter, the carrier's CSV, ship, cancel. */
export function GiftOrdersPage() {
  const { association, canEdit } = useCurrentAssociation();
  const [filter, setFilter] = useState<{ status: Status | ''; from: string; to: string }>({ status: 'preparing', from: '', to: '' });
  const query = {
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
  };
  const orders = useGiftOrders(association.associationId, query);
  const exported = useExportGiftOrders();
  return (
    <AdminPage
      title="ギフトの発送"
      intro={`${association.associationName}の会員がポイントと交換した配送ギフトの注文です。配送業者向けのCSVを出力し、発送したら追跡番号を登録してください（会員にメールでお知らせします）。`}
      readOnlyNotice="閲覧者の権限では、CSVの出力・発送の登録・取り消しはできません。"
    >
      <Card aria-label="絞り込み">
        <Stack $gap={2}>
          <Actions $gap={2}>
            <Select
              label="状態"
              value={filter.status}
              onChange={(event) => setFilter({ ...filter, status: event.target.value as Status | '' })}
              options={[
                { value: '', label: 'すべて' },
                ...giftOrderStatuses.map((status) => ({ value: status, label: giftOrderStatusLabels[status] })),
              ]}
            />
            <TextField
              label="注文日（から）"
              type="date"
              value={filter.from}
              onChange={(event) => setFilter({ ...filter, from: event.target.value })}
            />
            <TextField
              label="注文日（まで）"
              type="date"
              value={filter.to}
              onChange={(event) => setFilter({ ...filter, to: event.target.value })}
            />
          </Actions>
          {canEdit ? (
            <div>
              <Button
                variant="secondary"
                busy={exported.isPending}
                onClick={() => exported.mutate({ associationId: association.associationId, ...query })}
              >
                配送用CSVをダウンロード
              </Button>
            </div>
          ) : null}
          {exported.isError ? <FormError>{describeError(exported.error)}</FormError> : null}
          {exported.data ? (
            <Text role="status" $muted>
              {exported.data.count}件をCSVに出力しました{exported.data.truncated ? '（件数が多いため一部です。期間を絞ってください）' : ''}
              。
            </Text>
          ) : null}
        </Stack>
      </Card>
      <QueryState query={orders} label="注文">
        {(data) => {
          const rows = data.pages.flatMap((page) => page.orders);
          if (rows.length === 0) return <EmptyState title="該当する注文はありません" />;
          return (
            <DataTable caption="注文一覧（新しい順）" columns={['注文', 'ギフト', 'お届け先', '状態']} more={orders}>
              {rows.map((order) => (
                <OrderRow key={order.id} order={order} />
              ))}
            </DataTable>
          );
        }}
      </QueryState>
    </AdminPage>
  );
}

function OrderRow({ order }: { order: OperatorGiftOrder }) {
  const { canEdit } = useCurrentAssociation();
  const [action, setAction] = useState<'ship' | 'correct' | 'cancel' | null>(null);
  return (
    <tr aria-label={order.orderNumber}>
      <td>
        <strong className="nowrap">{order.orderNumber}</strong>
        <br />
        {formatJapanTime(order.orderedAt)}
      </td>
      <td>
        {order.giftName}
        <br />
        {order.cost}pt
      </td>
      {/* The postcode (first line) and the phone number (last) are one token each: never split. */}
      <td>
        {order.address ? (
          <>
            {order.address.name} 様
            {deliveryAddressLines(order.address).map((line, index, lines) => (
              <span key={line} className={index === 0 || index === lines.length - 1 ? 'nowrap' : undefined}>
                <br />
                {line}
              </span>
            ))}
          </>
        ) : (
          '会員の住所登録待ち'
        )}
      </td>
      <td>
        <strong>{giftOrderStatusLabels[order.status]}</strong>
        {order.trackingNumber ? (
          <>
            <br />
            {order.carrier} {order.trackingNumber}
            <br />
            {formatJapanTime(order.shippedAt)}
          </>
        ) : null}
        {canEdit && order.status === 'shipped' ? (
          action === 'correct' ? (
            <ShipForm order={order} correcting onDone={() => setAction(null)} />
          ) : (
            <Actions>
              <Button variant="text" onClick={() => setAction('correct')} aria-label={`${order.orderNumber}の追跡番号を訂正する`}>
                追跡番号を訂正する
              </Button>
            </Actions>
          )
        ) : null}
        {order.cancelReason ? (
          <>
            <br />
            理由：{order.cancelReason}
          </>
        ) : null}
        {canEdit && order.status === 'preparing' ? (
          action === 'ship' ? (
            <ShipForm order={order} onDone={() => setAction(null)} />
          ) : action === 'cancel' ? (
            <CancelForm order={order} onDone={() => setAction(null)} />
          ) : (
            <Actions>
              <Button onClick={() => setAction('ship')} aria-label={`${order.orderNumber}を発送済みにする`} disabled={!order.address}>
                発送済みにする
              </Button>
              <Button variant="text" onClick={() => setAction('cancel')} aria-label={`${order.orderNumber}を取り消す`}>
                取り消す
              </Button>
            </Actions>
          )
        ) : null}
      </td>
    </tr>
  );
}

/** Ships an order with its carrier and tracking number, or (correcting) corrects a shipped order's: the member is mailed either way. */
function ShipForm({ order, onDone, correcting = false }: { order: OperatorGiftOrder; onDone: () => void; correcting?: boolean }) {
  const { association } = useCurrentAssociation();
  const ship = useShipGiftOrder(association.associationId);
  const correct = useCorrectGiftOrderTracking(association.associationId);
  const { values, field } = useFormValues(() => ({ carrier: order.carrier ?? 'ヤマト運輸', trackingNumber: order.trackingNumber ?? '' }));
  const form = useContractForm({
    // A form is either one or the other (two instances), so its one load picks its call.
    loadSchema: () =>
      loadIncentiveCalls().then((calls) => (correcting ? calls.correctOperatorGiftOrderTracking : calls.shipOperatorGiftOrder).input),
    mutation: correcting ? correct : ship,
    onSuccess: onDone,
  });
  return (
    <form
      {...form.formProps(() => ({ associationId: association.associationId, orderId: order.id, ...values }))}
      aria-label={correcting ? `${order.orderNumber}の追跡番号の訂正` : `${order.orderNumber}の発送`}
    >
      <Stack $gap={1}>
        {form.formError ? <FormError>{form.formError}</FormError> : null}
        {correcting ? <Text>訂正すると、正しい追跡番号を会員にメールでお知らせします。</Text> : null}
        <TextField {...field('carrier', form.errors)} label="配送業者" list="gift-order-carriers" />
        <datalist id="gift-order-carriers">
          <option value="ヤマト運輸" />
          <option value="佐川急便" />
          <option value="日本郵便" />
        </datalist>
        <TextField {...field('trackingNumber', form.errors)} label="追跡番号" inputMode="numeric" />
        <Actions>
          <Button type="submit" busy={form.isPending}>
            {correcting ? '訂正する' : '発送済みにする'}
          </Button>
          <Button variant="secondary" onClick={onDone} disabled={form.isPending}>
            やめる
          </Button>
        </Actions>
      </Stack>
    </form>
  );
}

function CancelForm({ order, onDone }: { order: OperatorGiftOrder; onDone: () => void }) {
  const { association } = useCurrentAssociation();
  const cancel = useCancelGiftOrder(association.associationId);
  const { values, field } = useFormValues(() => ({ reason: '' }));
  const form = useContractForm({
    loadSchema: () => loadIncentiveCalls().then((calls) => calls.cancelOperatorGiftOrder.input),
    mutation: cancel,
    onSuccess: onDone,
  });
  return (
    <form
      {...form.formProps(() => ({ associationId: association.associationId, orderId: order.id, ...values }))}
      aria-label={`${order.orderNumber}の取り消し`}
    >
      <Stack $gap={1}>
        {form.formError ? <FormError>{form.formError}</FormError> : null}
        <Text>取り消すと、会員に使ったポイントを戻し、在庫を1つ戻して、理由をメールでお知らせします。</Text>
        <TextField {...field('reason', form.errors)} label="取り消しの理由（会員に伝わります）" />
        <Actions>
          <Button type="submit" busy={form.isPending}>
            取り消す
          </Button>
          <Button variant="secondary" onClick={onDone} disabled={form.isPending}>
            やめる
          </Button>
        </Actions>
      </Stack>
    </form>
  );
}
