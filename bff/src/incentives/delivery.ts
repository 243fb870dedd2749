// Physical gifts (issue 27): the member's delivery address, sealed at rest, and the order each
// physical gift becomes, with a snapshot of the address taken in the redemption's transaction.
// The address opens only for its member (getDeliveryAddress, their gifts) and, through an order,
// for the operators of the association that took it (gift-orders.ts).
import { randomUUID } from 'node:crypto';
import { pagePaths, deliveryAddressLines, type DeliveryAddress, type GiftOrder, type ParsedInput } from '@sukoyaka/contract';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../db/client';
import { deliveryAddresses, giftOrders, userGifts } from '../db/schema';
import { configuredKeyring, decryptString, encrypt } from '../platform/crypto';
import { japanDate } from '../platform/conditions';
import type { Mail } from '../integrations/mail/mailer';
import { enqueueMail, fillToken, mailWrite } from '../platform/outbox';
import { insertWithFreshCode } from '../platform/unique-codes';
import { readableCode } from '../lib/tokens';

// A sealed value names its row: copied to another member or order, it does not open.
const addressContext = (userId: string) => `delivery_addresses.sealed:${userId}`;
const snapshotContext = (orderId: string) => `gift_orders.address_sealed:${orderId}`;

const seal = (address: DeliveryAddress, context: string) => encrypt(configuredKeyring(), JSON.stringify(address), context);
const open = (sealed: string, context: string) => JSON.parse(decryptString(configuredKeyring(), sealed, context)) as DeliveryAddress;

export const openOrderAddress = (order: { id: string; addressSealed: string | null }): DeliveryAddress | null =>
  order.addressSealed ? open(order.addressSealed, snapshotContext(order.id)) : null;

/** The member's saved address, or null. */
export async function deliveryAddressOf(db: Executor, userId: string): Promise<DeliveryAddress | null> {
  const [row] = await db.select({ sealed: deliveryAddresses.sealed }).from(deliveryAddresses).where(eq(deliveryAddresses.userId, userId));
  return row ? open(row.sealed, addressContext(userId)) : null;
}

/**
 * Saves (replaces) the member's address. An order of theirs still waiting for an address (a prize
 * won before they had one, or one placed before orders existed) takes it in the same transaction;
 * every other order keeps the address it was placed with.
 */
export async function saveDeliveryAddress(
  db: Executor,
  userId: string,
  input: ParsedInput<'saveDeliveryAddress'>,
  now: Date,
): Promise<{ address: DeliveryAddress }> {
  const address: DeliveryAddress = { ...input };
  const sealed = seal(address, addressContext(userId));
  await db
    .insert(deliveryAddresses)
    .values({ userId, sealed, updatedAt: now })
    .onConflictDoUpdate({ target: deliveryAddresses.userId, set: { sealed, updatedAt: now } });
  const waiting = await db
    .select({ id: giftOrders.id })
    .from(giftOrders)
    .innerJoin(userGifts, eq(userGifts.id, giftOrders.userGiftId))
    .where(and(eq(userGifts.userId, userId), eq(userGifts.deliveryState, 'preparing'), isNull(giftOrders.addressSealed)));
  for (const order of waiting) {
    await db
      .update(giftOrders)
      .set({ addressSealed: seal(address, snapshotContext(order.id)) })
      .where(eq(giftOrders.id, order.id));
  }
  return { address };
}

/** ORD-yyyyMMdd-XXXX, the Japan day it was ordered. */
const orderNumber = (now: Date) => `ORD-${japanDate(now).replaceAll('-', '')}-${readableCode(4)}`;

/**
 * The order of a physical gift just handed out, in the caller's transaction: the member's saved
 * address as its snapshot (or none yet, for a prize), taken by `associationId`. An order number
 * that happens to be taken is drawn again (in a savepoint).
 */
export async function placeOrder(
  tx: Transaction,
  order: { userGiftId: string; userId: string; associationId: string | null; now: Date },
): Promise<{ id: string; orderNumber: string; address: DeliveryAddress | null }> {
  const address = await deliveryAddressOf(tx, order.userId);
  const id = randomUUID();
  const number = await insertWithFreshCode(
    tx,
    () => orderNumber(order.now),
    (savepoint, code) =>
      savepoint.insert(giftOrders).values({
        id,
        userGiftId: order.userGiftId,
        associationId: order.associationId,
        orderNumber: code,
        addressSealed: address ? seal(address, snapshotContext(id)) : null,
        createdAt: order.now,
      }),
  );
  return { id, orderNumber: number, address };
}

type OrderRow = typeof giftOrders.$inferSelect;

/** An order as its member reads it. */
export function toGiftOrder(row: OrderRow): GiftOrder {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    address: openOrderAddress(row),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    shippedAt: row.shippedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
  };
}

/** An order as placeOrder just wrote it: nothing shipped or cancelled yet. */
export function newGiftOrder(placed: { id: string; orderNumber: string; address: DeliveryAddress | null }): GiftOrder {
  return {
    id: placed.id,
    orderNumber: placed.orderNumber,
    address: placed.address,
    carrier: null,
    trackingNumber: null,
    shippedAt: null,
    cancelledAt: null,
    cancelReason: null,
  };
}

/** The orders of these user gifts, by user gift. */
export async function ordersOf(db: Executor, userGiftIds: string[]): Promise<Map<string, OrderRow>> {
  if (userGiftIds.length === 0) return new Map();
  const rows = await db.select().from(giftOrders).where(inArray(giftOrders.userGiftId, userGiftIds));
  return new Map(rows.map((row) => [row.userGiftId, row]));
}

// ---- the member's mails about their gifts ---------------------------------------------------------
// Mails about the member's own order, not announcements: they go whatever the notification
// settings say (as the inquiry's copy does), without an unsubscribe link.

const SIGNATURE = ['', '――', 'すこやか', '※このメールは送信専用です。ご返信いただいてもお答えできません。'];

interface MailTo {
  email: string;
  nickname: string;
}

const giftsLink = (publicUrl: string) => `${publicUrl}${pagePaths.userGifts}`;

const compose = (to: MailTo, subject: string, lines: string[]): Mail => ({
  to: to.email,
  subject: `【すこやか】${subject}`,
  text: [`${to.nickname}様`, '', ...lines, ...SIGNATURE].join('\n'),
});

function send(tx: Executor, to: MailTo, subject: string, lines: string[], kind: string, now: Date) {
  return enqueueMail(tx, compose(to, subject, lines), { kind, now });
}

const addressBlock = (address: DeliveryAddress | null, publicUrl: string) =>
  address
    ? [`${address.name} 様`, ...deliveryAddressLines(address)]
    : [
        'お届け先住所がまだ登録されていません。次のページで登録すると、このギフトのお届け先になります。',
        `${publicUrl}${pagePaths.deliveryAddress}`,
      ];

/** The code of a digital gift (the catalogue promises it by mail). */
const giftCodeMail = (to: MailTo, gift: { name: string; code: string }, publicUrl: string) =>
  compose(to, `ギフトコードのお知らせ（${gift.name}）`, [
    `「${gift.name}」のギフトコードをお届けします。`,
    '',
    `ギフトコード：${gift.code}`,
    '',
    'コードは「交換したギフト」のページでも確認できます（QRコードも表示できます）。',
    giftsLink(publicUrl),
  ]);

export function mailGiftCode(tx: Executor, to: MailTo, gift: { name: string; code: string }, publicUrl: string, now: Date) {
  return enqueueMail(tx, giftCodeMail(to, gift, publicUrl), { kind: 'gift_code', now });
}

/** The filler of a gift code's mail written with its redemption (fillGiftCode, gifts.ts). */
export const GIFT_CODE_FILLER = 'gift_code';

/**
 * The code's mail as part of the statement that takes the code (`from`: the user gift's row):
 * the code, chosen by that statement, is filled in from the user gift when the mail is sent.
 */
export function giftCodeMailWrite(to: MailTo, gift: { name: string; userGiftId: string }, publicUrl: string, now: Date, from: SQL): SQL {
  const mail = giftCodeMail(to, { name: gift.name, code: fillToken(GIFT_CODE_FILLER) }, publicUrl);
  return mailWrite(mail, { kind: 'gift_code', now, fillFrom: `${GIFT_CODE_FILLER}:${gift.userGiftId}` }, from);
}

/** A physical gift's order was received. */
export function mailOrderPlaced(
  tx: Executor,
  to: MailTo,
  order: { giftName: string; orderNumber: string; address: DeliveryAddress | null },
  publicUrl: string,
  now: Date,
) {
  return send(
    tx,
    to,
    `ギフトのお申し込みを受け付けました（${order.orderNumber}）`,
    [
      `「${order.giftName}」のお申し込みを受け付けました。発送しましたら、追跡番号をメールでお知らせします。`,
      '',
      `注文番号：${order.orderNumber}`,
      'お届け先：',
      ...addressBlock(order.address, publicUrl),
      '',
      '配送状況は「交換したギフト」のページで確認できます。',
      giftsLink(publicUrl),
    ],
    'gift_order_placed',
    now,
  );
}

/**
 * The order was shipped, with its carrier and tracking number; or (corrected) the number in that
 * mail was wrong and this is the right one.
 */
export function mailOrderShipped(
  tx: Executor,
  to: MailTo,
  order: { giftName: string; orderNumber: string; carrier: string; trackingNumber: string },
  publicUrl: string,
  now: Date,
  options: { corrected?: boolean } = {},
) {
  const [subject, opening, kind] = options.corrected
    ? [
        '追跡番号を訂正しました',
        `「${order.giftName}」の発送のお知らせでお伝えした配送業者・追跡番号に誤りがありました。正しくは次のとおりです。ご迷惑をおかけして申し訳ありません。`,
        'gift_order_tracking_corrected',
      ]
    : ['ギフトを発送しました', `「${order.giftName}」を発送しました。お届けまでしばらくお待ちください。`, 'gift_order_shipped'];
  return send(
    tx,
    to,
    `${subject}（${order.orderNumber}）`,
    [
      opening,
      '',
      `注文番号：${order.orderNumber}`,
      `配送業者：${order.carrier}`,
      `追跡番号：${order.trackingNumber}`,
      '',
      '配送状況は「交換したギフト」のページで確認できます。',
      giftsLink(publicUrl),
    ],
    kind,
    now,
  );
}

export function mailOrderCancelled(
  tx: Executor,
  to: MailTo,
  order: { giftName: string; orderNumber: string; reason: string; refunded: string | null },
  publicUrl: string,
  now: Date,
) {
  return send(
    tx,
    to,
    `ギフトのお申し込みを取り消しました（${order.orderNumber}）`,
    [
      `「${order.giftName}」のお申し込みを、次の理由により取り消しました。ご迷惑をおかけして申し訳ありません。`,
      '',
      `注文番号：${order.orderNumber}`,
      `理由：${order.reason}`,
      ...(order.refunded ? [`交換に使った${order.refunded}はお戻ししました。`] : []),
      '',
      giftsLink(publicUrl),
    ],
    'gift_order_cancelled',
    now,
  );
}
