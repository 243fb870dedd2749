import { z } from 'zod/mini';
import { documented } from '../documented';
import { defineCall } from '../define';
import { cursor, pageSize, requiredText } from '../fields';
import { calendarDay, operatorAssociationId, operatorRecordId } from '../operators/shared';
import { giftOrderStatuses } from '../incentive-terms';
import { giftOrderSchema } from './delivery';

/*
 * The orders of physical gifts as the association's staff ship them (mf-admin, issue 27): the
 * list by status and period, the carrier's CSV, marking an order shipped with its tracking number,
 * and cancelling one (the points go back). An operator reads the orders of the associations they
 * hold a role in and nothing else; shipping, cancelling and the CSV (every address at once) need
 * the editor role. Each write is audited and mailed to the member, once.
 */

/** The longest list a CSV export holds (oldest first); a narrower period or status gives the rest. */
export const GIFT_ORDER_EXPORT_MAX_ROWS = 5000;

const orderFilter = {
  associationId: operatorAssociationId(),
  status: z.optional(z.enum(giftOrderStatuses, { error: '状態を選択してください' })),
  /** The ordered day (Japan), from and to both included. */
  from: z.optional(calendarDay('開始日')),
  to: z.optional(calendarDay('終了日')),
};

const periodInOrder = <T extends { from?: string | undefined; to?: string | undefined }>(value: T) =>
  !value.from || !value.to || value.from <= value.to;
const PERIOD_DOCUMENTATION = {
  'x-field-comparisons': [{ left: 'from', operator: '<=' as const, right: 'to' }],
  description: '`to` is not before `from` when both are given.',
};

/** An order as the staff read it: the member's view of it, with when it was placed, its gift and its cost. */
export const operatorGiftOrderSchema = z.extend(giftOrderSchema, {
  orderedAt: z.string(),
  status: z.enum(giftOrderStatuses),
  giftName: z.string(),
  /** What the member paid: points (or coins for a prize's draw). */
  cost: z.number(),
});
export type OperatorGiftOrder = z.infer<typeof operatorGiftOrderSchema>;

export const listOperatorGiftOrders = defineCall({
  name: 'listOperatorGiftOrders',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary:
    "The association's orders of physical gifts, newest first, keyset-paginated: by status and by the day ordered (Japan), with the delivery address each was placed with.",
  input: () =>
    documented(
      z
        .object({ ...orderFilter, cursor: z.optional(cursor), limit: pageSize(50, 100) })
        .check(z.refine(periodInOrder, { path: ['to'], message: '終了日は開始日以降の日付を入力してください' })),
      PERIOD_DOCUMENTATION,
    ),
  output: () => z.object({ orders: z.array(operatorGiftOrderSchema), nextCursor: z.nullable(z.string()) }),
});

export const exportOperatorGiftOrders = defineCall({
  name: 'exportOperatorGiftOrders',
  method: 'GET',
  access: 'operator',
  operatorRole: 'editor',
  summary: `The carrier's CSV of the association's orders (the list's filters, oldest first, at most ${GIFT_ORDER_EXPORT_MAX_ROWS}): UTF-8 with a byte order mark, one row per order with its number, the recipient, postcode, address, phone and gift. Audited (counts only).`,
  input: () =>
    documented(
      z.object(orderFilter).check(z.refine(periodInOrder, { path: ['to'], message: '終了日は開始日以降の日付を入力してください' })),
      PERIOD_DOCUMENTATION,
    ),
  output: () =>
    z.object({
      fileName: z.string(),
      mediaType: z.string(),
      /** The CSV text, starting with U+FEFF. */
      content: z.string(),
      count: z.number().check(z.int()),
      /** More orders matched than the file holds. */
      truncated: z.boolean(),
    }),
});

/** A carrier's tracking number: letters, digits and hyphens (full-width and spaces forgiven), upper-cased. */
const trackingNumber = documented(
  z.pipe(
    z
      .string({ error: '追跡番号を入力してください' })
      .check(
        z.trim(),
        z.minLength(1, '追跡番号を入力してください'),
        z.maxLength(60, '追跡番号は英数字とハイフンの4〜40文字で入力してください'),
      ),
    z.transform((value: string, ctx) => {
      const compact = value.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
      if (!/^[A-Z0-9-]{4,40}$/.test(compact)) {
        ctx.issues.push({ code: 'custom', message: '追跡番号は英数字とハイフンの4〜40文字で入力してください', input: value });
        return z.NEVER;
      }
      return compact;
    }),
  ),
  {
    pattern: '^[A-Z0-9][A-Z0-9-]{3,39}$',
    description: 'Letters, digits and hyphens, 4–40 (spaces and full-width letters are also taken).',
  },
);

const orderId = documented(operatorRecordId('注文ID'), { 'x-state-dependent': 'An order of the association.' });

/** What shipping names, and what a correction names again. */
const shipmentInput = () =>
  z.object({
    associationId: operatorAssociationId(),
    orderId,
    carrier: requiredText('配送業者', 40),
    trackingNumber,
  });

export const shipOperatorGiftOrder = defineCall({
  name: 'shipOperatorGiftOrder',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary:
    'Marks an order of the association shipped with the carrier and its tracking number, once: the member sees 発送済み with the number and is mailed once; the same request again answers the order unchanged, another on a shipped or cancelled order 409 gift_order_closed. Audited.',
  input: shipmentInput,
  output: () => operatorGiftOrderSchema,
});

export const cancelOperatorGiftOrder = defineCall({
  name: 'cancelOperatorGiftOrder',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary:
    'Cancels an order of the association not shipped yet, with a reason the member reads: the points of a redemption go back to the member (a grant), the stock back to the gift, and the member is mailed, once; a shipped order 409 gift_order_closed. Audited.',
  input: () => z.object({ associationId: operatorAssociationId(), orderId, reason: requiredText('取り消しの理由', 200) }),
  output: () => operatorGiftOrderSchema,
});

export const correctOperatorGiftOrderTracking = defineCall({
  name: 'correctOperatorGiftOrderTracking',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary:
    'Corrects the carrier and tracking number of a shipped order of the association (a typo, a parcel sent again): the member sees the corrected number and is mailed it once; the same values again change nothing and mail nothing; an order not shipped 409 gift_order_not_shipped. Audited with the number before and after.',
  input: shipmentInput,
  output: () => operatorGiftOrderSchema,
});

export const giftOrderOperatorCalls = {
  listOperatorGiftOrders,
  exportOperatorGiftOrders,
  shipOperatorGiftOrder,
  correctOperatorGiftOrderTracking,
  cancelOperatorGiftOrder,
};
