// The operators' side of physical gifts (issue 27): the association's orders, the carrier's CSV,
// shipping and cancelling. The route layer has checked the role in the input's association; every
// order is looked up within that association, so another association's order is "not found".
// Shipping and cancelling lock the order's row: of two at once one does it (once: one audit row,
// one mail), the other finds it done.
import {
  GIFT_ORDER_EXPORT_MAX_ROWS,
  IncentiveErrorCodes,
  giftOrderStatusLabels,
  type CallOutput,
  type OperatorGiftOrder,
  type ParsedInput,
} from '@sukoyaka/contract';
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../db/client';
import { giftOrders, gifts, ledgerTransfers, pointPrograms, userGifts, users } from '../db/schema';
import { writeCsv } from '../platform/csv';
import { decodeCursor, keysetBefore, keysetPage } from '../platform/cursor';
import { HttpError, notFound } from '../platform/errors';
import type { CallContext } from '../platform/handlers';
import { auditOperator } from '../platform/operators';
import { mailOrderCancelled, mailOrderShipped, openOrderAddress } from './delivery';
import { credit } from './ledger';

type Context = CallContext<'operator'>;

const orderNotFound = () => notFound('注文が見つかりませんでした。');
const closed = (message: string) => new HttpError(409, IncentiveErrorCodes.giftOrderClosed, message);

const DAY_MS = 86_400_000;
const japanStart = (day: string) => new Date(`${day}T00:00:00+09:00`);

/** The columns an order is read with: the order, its gift, what was paid, its member's mail. */
const orderColumns = {
  order: giftOrders,
  status: userGifts.deliveryState,
  userId: userGifts.userId,
  source: userGifts.source,
  transferId: userGifts.transferId,
  giftId: gifts.id,
  giftName: gifts.name,
  giftStock: gifts.stock,
  cost: gifts.cost,
  programName: pointPrograms.name,
  email: users.email,
  nickname: users.nickname,
  leftAt: users.leftAt,
};

function selectOrders(db: Executor) {
  return db
    .select(orderColumns)
    .from(giftOrders)
    .innerJoin(userGifts, eq(userGifts.id, giftOrders.userGiftId))
    .innerJoin(gifts, eq(gifts.id, userGifts.giftId))
    .leftJoin(pointPrograms, eq(pointPrograms.id, gifts.programId))
    .innerJoin(users, eq(users.id, userGifts.userId))
    .$dynamic();
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

function toOperatorOrder(row: OrderRow): OperatorGiftOrder {
  const { order } = row;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    orderedAt: order.createdAt.toISOString(),
    status: row.status === 'issued' ? 'preparing' : row.status,
    giftName: row.giftName,
    cost: row.cost,
    address: openOrderAddress(order),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    cancelReason: order.cancelReason,
  };
}

/** The list's filters: the association, a status, the Japan days ordered. */
function filtered(input: { associationId: string; status?: string | undefined; from?: string | undefined; to?: string | undefined }) {
  const conditions: SQL[] = [eq(giftOrders.associationId, input.associationId)];
  if (input.status) conditions.push(eq(userGifts.deliveryState, input.status as 'preparing'));
  if (input.from) conditions.push(gte(giftOrders.createdAt, japanStart(input.from)));
  if (input.to) conditions.push(lt(giftOrders.createdAt, new Date(japanStart(input.to).getTime() + DAY_MS)));
  return conditions;
}

export async function listOperatorGiftOrders(
  input: ParsedInput<'listOperatorGiftOrders'>,
  { db }: Context,
): Promise<CallOutput<'listOperatorGiftOrders'>> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await selectOrders(db)
    .where(and(...filtered(input), after ? keysetBefore(giftOrders.createdAt, giftOrders.id, after) : undefined))
    .orderBy(desc(giftOrders.createdAt), desc(giftOrders.id))
    .limit(input.limit + 1);
  const page = keysetPage(rows, input.limit, (row) => ({ at: row.order.createdAt, id: row.order.id }));
  return { orders: page.rows.map(toOperatorOrder), nextCursor: page.nextCursor };
}

const japanMinute = (at: Date) => new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * The carrier's CSV (platform/csv.ts: a BOM, CRLF, formulas neutralised), oldest order first: what
 * a label printer takes (the recipient, postcode, the address line, the building apart, phone) and
 * what the operator matches it back by (the order number).
 */
export async function exportOperatorGiftOrders(
  input: ParsedInput<'exportOperatorGiftOrders'>,
  { db, actor, operator, now }: Context,
): Promise<CallOutput<'exportOperatorGiftOrders'>> {
  const rows = await selectOrders(db)
    .where(and(...filtered(input)))
    .orderBy(asc(giftOrders.createdAt), asc(giftOrders.id))
    .limit(GIFT_ORDER_EXPORT_MAX_ROWS + 1);
  const truncated = rows.length > GIFT_ORDER_EXPORT_MAX_ROWS;
  const orders = rows.slice(0, GIFT_ORDER_EXPORT_MAX_ROWS).map(toOperatorOrder);
  const content = writeCsv([
    ['注文番号', '注文日時', 'お届け先氏名', '郵便番号', '住所', '建物名・部屋番号', '電話番号', 'ギフト', '状態', '配送業者', '追跡番号'],
    ...orders.map((order) => [
      order.orderNumber,
      japanMinute(new Date(order.orderedAt)),
      order.address?.name ?? '（住所未登録）',
      order.address?.postalCode ?? '',
      order.address ? `${order.address.prefecture}${order.address.city}${order.address.street}` : '',
      order.address?.building ?? '',
      order.address?.phone ?? '',
      order.giftName,
      giftOrderStatusLabels[order.status],
      order.carrier ?? '',
      order.trackingNumber ?? '',
    ]),
  ]);
  // Every address at once leaves the site: who took it and how many, never what.
  await auditOperator(
    db,
    actor,
    'gift_orders_exported',
    operator.id,
    input.associationId,
    { count: orders.length, status: input.status ?? null, from: input.from ?? null, to: input.to ?? null },
    now,
  );
  const day = japanMinute(now).slice(0, 10).replaceAll('-', '');
  return { fileName: `gift-orders-${day}.csv`, mediaType: 'text/csv; charset=utf-8', content, count: orders.length, truncated };
}

/** The order of the association, locked for this transaction; another association's is not found. */
async function lockedOrder(tx: Transaction, associationId: string, orderId: string): Promise<OrderRow> {
  const [row] = await selectOrders(tx)
    .where(and(eq(giftOrders.id, orderId), eq(giftOrders.associationId, associationId)))
    .for('update', { of: giftOrders });
  if (!row) throw orderNotFound();
  return row;
}

async function reread(tx: Executor, orderId: string): Promise<OperatorGiftOrder> {
  const [row] = await selectOrders(tx).where(eq(giftOrders.id, orderId));
  return toOperatorOrder(row!);
}

/** Mails the member the shipment (or its corrected number); a member who left is mailed nothing. */
async function mailShipment(
  tx: Transaction,
  row: OrderRow,
  shipment: { carrier: string; trackingNumber: string },
  publicUrl: string,
  now: Date,
  corrected: boolean,
) {
  if (row.leftAt) return;
  const order = {
    giftName: row.giftName,
    orderNumber: row.order.orderNumber,
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
  };
  await mailOrderShipped(tx, row, order, publicUrl, now, { corrected });
}

export async function shipOperatorGiftOrder(
  input: ParsedInput<'shipOperatorGiftOrder'>,
  { db, actor, operator, now, config }: Context,
): Promise<CallOutput<'shipOperatorGiftOrder'>> {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, input.associationId, input.orderId);
    const { order } = row;
    if (row.status === 'shipped') {
      // The same shipment again (a retry, a second click) changes nothing and mails nothing.
      if (order.carrier === input.carrier && order.trackingNumber === input.trackingNumber) return toOperatorOrder(row);
      throw closed(`この注文はすでに発送済みです（追跡番号 ${order.trackingNumber}）。`);
    }
    if (row.status === 'cancelled') throw closed('この注文は取り消し済みのため、発送済みにできません。');
    if (!order.addressSealed) {
      throw new HttpError(
        409,
        IncentiveErrorCodes.giftOrderAddressMissing,
        'この注文にはお届け先住所がまだありません。会員が住所を登録するまで発送できません。',
      );
    }
    await tx.update(userGifts).set({ deliveryState: 'shipped' }).where(eq(userGifts.id, order.userGiftId));
    await tx
      .update(giftOrders)
      .set({ carrier: input.carrier, trackingNumber: input.trackingNumber, shippedAt: now, shippedBy: operator.id })
      .where(eq(giftOrders.id, order.id));
    await auditOperator(
      tx,
      actor,
      'gift_order_shipped',
      operator.id,
      input.associationId,
      { orderId: order.id, orderNumber: order.orderNumber, carrier: input.carrier },
      now,
    );
    await mailShipment(tx, row, input, config.publicUrl, now, false);
    return reread(tx, order.id);
  });
}

/**
 * Corrects a shipped order's carrier and tracking number (a typo, a parcel sent again). The
 * member's first mail holds the wrong number, so the corrected one is mailed once
 * (docs/product-decisions.md); the same values again change nothing, audit nothing, mail nothing.
 */
export async function correctOperatorGiftOrderTracking(
  input: ParsedInput<'correctOperatorGiftOrderTracking'>,
  { db, actor, operator, now, config }: Context,
): Promise<CallOutput<'correctOperatorGiftOrderTracking'>> {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, input.associationId, input.orderId);
    const { order } = row;
    if (row.status === 'cancelled') throw closed('この注文は取り消し済みのため、追跡番号を訂正できません。');
    if (row.status !== 'shipped') {
      throw new HttpError(
        409,
        IncentiveErrorCodes.giftOrderNotShipped,
        'この注文はまだ発送済みになっていません。先に発送済みにしてください。',
      );
    }
    if (order.carrier === input.carrier && order.trackingNumber === input.trackingNumber) return toOperatorOrder(row);
    // shippedAt and shippedBy stay: the parcel left then; the audit entry says who corrected what.
    await tx.update(giftOrders).set({ carrier: input.carrier, trackingNumber: input.trackingNumber }).where(eq(giftOrders.id, order.id));
    await auditOperator(
      tx,
      actor,
      'gift_order_tracking_corrected',
      operator.id,
      input.associationId,
      {
        orderId: order.id,
        orderNumber: order.orderNumber,
        before: { carrier: order.carrier, trackingNumber: order.trackingNumber },
        after: { carrier: input.carrier, trackingNumber: input.trackingNumber },
      },
      now,
    );
    await mailShipment(tx, row, input, config.publicUrl, now, true);
    return reread(tx, order.id);
  });
}

/** Puts the unit back and, for a redemption, the points (a grant, once per order); answers what went back. */
async function giveBack(tx: Transaction, row: OrderRow, reason: string, now: Date): Promise<string | null> {
  if (row.giftStock !== null) {
    await tx
      .update(gifts)
      .set({ stock: sql`${gifts.stock} + 1` })
      .where(eq(gifts.id, row.giftId));
  }
  if (row.source !== 'redemption' || !row.transferId) return null;
  const [paid] = await tx
    .select({ amount: ledgerTransfers.amount, programId: ledgerTransfers.programId })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, row.transferId));
  await credit(tx, {
    kind: 'grant',
    userId: row.userId,
    programId: paid!.programId,
    amount: Number(paid!.amount),
    description: `「${row.giftName}」のお申し込みの取り消し（${reason}）`,
    reference: `gift_order:${row.order.id}`,
    idempotencyKey: `gift-order-cancel:${row.order.id}`,
    now,
  });
  return paid!.programId === null ? `${paid!.amount}コイン` : `${row.programName ?? 'ポイント'} ${paid!.amount}pt`;
}

export async function cancelOperatorGiftOrder(
  input: ParsedInput<'cancelOperatorGiftOrder'>,
  { db, actor, operator, now, config }: Context,
): Promise<CallOutput<'cancelOperatorGiftOrder'>> {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, input.associationId, input.orderId);
    const { order } = row;
    // Cancelled already: answered as it is, nothing given back twice, nothing mailed again.
    if (row.status === 'cancelled') return toOperatorOrder(row);
    if (row.status === 'shipped') throw closed('この注文はすでに発送済みのため、取り消せません。');
    await tx.update(userGifts).set({ deliveryState: 'cancelled' }).where(eq(userGifts.id, order.userGiftId));
    await tx
      .update(giftOrders)
      .set({ cancelledAt: now, cancelledBy: operator.id, cancelReason: input.reason })
      .where(eq(giftOrders.id, order.id));
    const refunded = await giveBack(tx, row, input.reason, now);
    await auditOperator(
      tx,
      actor,
      'gift_order_cancelled',
      operator.id,
      input.associationId,
      { orderId: order.id, orderNumber: order.orderNumber, refunded },
      now,
    );
    if (!row.leftAt) {
      await mailOrderCancelled(
        tx,
        row,
        { giftName: row.giftName, orderNumber: order.orderNumber, reason: input.reason, refunded },
        config.publicUrl,
        now,
      );
    }
    return reread(tx, order.id);
  });
}

export const giftOrderOperatorHandlers = {
  listOperatorGiftOrders,
  exportOperatorGiftOrders,
  shipOperatorGiftOrder,
  correctOperatorGiftOrderTracking,
  cancelOperatorGiftOrder,
};
