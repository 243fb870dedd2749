import { z } from 'zod/mini';
import { documented, requires } from '../documented';
import { defineCall } from '../define';
import { cursor, pageSize } from '../fields';
import { giftImageSchema } from './gift-images';
import { giftOrderSchema } from './delivery';
import { giftId, pointId, userGiftId } from './shared';

export const giftKinds = ['digital_code', 'delivery'] as const;

export const giftSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  cost: z.number().check(z.int()),
  kind: z.enum(giftKinds),
  /** How many are left (null: not limited). */
  stock: z.nullable(z.number().check(z.int())),
  inStock: z.boolean(),
  /** Its picture (null: none yet; the page shows a neutral placeholder). */
  image: z.nullable(giftImageSchema),
});
export type Gift = z.infer<typeof giftSchema>;

/**
 * A gift the member received; `code` only for a digital gift, only to this member. A physical
 * gift's `deliveryState` is its order's status (preparing, shipped, cancelled), `order` its delivery.
 */
export const userGiftSchema = z.object({
  id: z.string(),
  giftId: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(giftKinds),
  source: z.enum(['redemption', 'challenge']),
  deliveryState: z.enum(['issued', 'preparing', 'shipped', 'cancelled']),
  code: z.nullable(z.string()),
  usedAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** The gift's picture (null: none). */
  image: z.nullable(giftImageSchema),
  /** A physical gift's delivery (null for a digital one). */
  order: z.nullable(giftOrderSchema),
});
export type UserGift = z.infer<typeof userGiftSchema>;

export const listPointGifts = defineCall({
  name: 'listPointGifts',
  method: 'GET',
  access: 'member',
  summary: "A program's gift catalogue (the member's association's program) with cost and stock.",
  input: () => z.object({ pointId }),
  output: () => z.object({ gifts: z.array(giftSchema) }),
});

export const redeemGift = defineCall({
  name: 'redeemGift',
  method: 'POST',
  access: 'member',
  createsResource: true,
  summary:
    "Exchanges points (or coins, for a coin gift) for a gift. Idempotent per Idempotency-Key; out of stock 409 gift_out_of_stock and a short balance 409 insufficient_balance, both charging nothing; a program needing consent 403 point_agreement_required. A physical gift becomes an order with a snapshot of the member's saved delivery address (none saved: 409 delivery_address_required, nothing charged); a digital gift's code is also mailed to the member.",
  input: () => z.object({ giftId }),
  output: () => z.object({ userGift: userGiftSchema, balance: z.number().check(z.int()) }),
});

export const listVisibleUserGifts = defineCall({
  name: 'listVisibleUserGifts',
  method: 'GET',
  access: 'member',
  summary: "The member's gifts not hidden, newest first, keyset-paginated, each with its code or delivery state.",
  input: () => z.object({ cursor: z.optional(cursor), limit: pageSize() }),
  output: () => z.object({ userGifts: z.array(userGiftSchema), nextCursor: z.nullable(z.string()) }),
});

export const patchUserGift = defineCall({
  name: 'patchUserGift',
  method: 'POST',
  access: 'member',
  summary: 'Marks one of the member’s gifts used and/or hides it from the list (neither can be undone).',
  input: () =>
    documented(
      z
        .object({ id: userGiftId, used: z.optional(z.literal(true)), hidden: z.optional(z.literal(true)) })
        .check(z.refine((value) => value.used || value.hidden, { message: '変更する内容を指定してください', path: ['used'] })),
      { anyOf: [requires('used'), requires('hidden')], description: 'Gives `used`, `hidden` or both.' },
    ),
  output: () => userGiftSchema,
});

export const giftActionSchema = z.object({
  id: z.string(),
  kind: z.enum(['redeemed', 'challenge_won', 'challenge_lost']),
  currency: z.enum(['coin', 'point']),
  amount: z.number().check(z.int()),
  giftName: z.nullable(z.string()),
  createdAt: z.string(),
});

export const listGiftUserActions = defineCall({
  name: 'listGiftUserActions',
  method: 'GET',
  access: 'member',
  summary: "The member's gift history (redemptions and draws), newest first, keyset-paginated.",
  input: () => z.object({ cursor: z.optional(cursor), limit: pageSize() }),
  output: () => z.object({ actions: z.array(giftActionSchema), nextCursor: z.nullable(z.string()) }),
});
