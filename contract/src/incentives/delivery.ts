import { z } from 'zod/mini';
import { documented } from '../documented';
import { defineCall } from '../define';
import { requiredText } from '../fields';
import { PREFECTURES } from '../incentive-terms';

/*
 * Gifts sent by post (issue 27): the member's delivery address, kept sealed at rest, and the order
 * each physical gift becomes, with a snapshot of the address taken when it was redeemed. The
 * member reads their address and their orders; the operators of the association that took the
 * order read it through the order (operator-orders.ts), and nobody else.
 */

/** What separates the parts of a number as people type it: spaces, brackets and every kind of dash or 〒. */
const SEPARATORS = /[\s()\-‐‑‒–—―−ー－〒]+/g;

/**
 * 郵便番号: seven digits, with or without the hyphen, full-width digits accepted (NFKC), a leading
 * 〒 forgiven; normalised to 123-4567.
 */
export function postalCode(label = '郵便番号') {
  const invalid = `${label}は7桁の数字で入力してください（例: 100-0001）`;
  return documented(
    z.pipe(
      z
        .string({ error: `${label}を入力してください` })
        .check(z.trim(), z.minLength(1, `${label}を入力してください`), z.maxLength(20, invalid)),
      // mini's transform has no ctx.addIssue: the issue goes into the payload as classic's would put it.
      z.transform((value: string, ctx) => {
        const digits = value.normalize('NFKC').replace(SEPARATORS, '');
        if (!/^\d{7}$/.test(digits)) {
          ctx.issues.push({ code: 'custom', message: invalid, input: value });
          return z.NEVER;
        }
        return `${digits.slice(0, 3)}-${digits.slice(3)}`;
      }),
    ),
    {
      pattern: '^[0-9]{3}-?[0-9]{4}$',
      description: 'Seven digits, the hyphen optional (full-width digits and a leading 〒 are also taken); answered as 123-4567.',
    },
  );
}

/**
 * Ten digits (a landline, 0120 or 0570, area code first; never 050–090, which have eleven) or
 * eleven from 050/060/070/080/090 (an IP phone, a mobile, 0800).
 */
const LANDLINE = /^0(?![5-9]0)[1-9]\d{8}$/;
const ELEVEN_DIGITS = /^0[5-9]0\d{8}$/;

/**
 * 電話番号 in the usual Japanese notations: 03-1234-5678, 0312345678, 090-1234-5678,
 * ０９０（１２３４）５６７８, +81 90 1234 5678. Kept as the member grouped it, half-width and with
 * hyphens (brackets and spaces become hyphens; +81 becomes the trunk 0); an eleven-digit number
 * typed without separators is grouped 3-4-4.
 */
export function japanesePhoneNumber(label = '電話番号') {
  const invalid = `${label}は市外局番から入力してください（例: 03-1234-5678、090-1234-5678）`;
  return documented(
    z.pipe(
      z
        .string({ error: `${label}を入力してください` })
        .check(z.trim(), z.minLength(1, `${label}を入力してください`), z.maxLength(30, invalid)),
      z.transform((value: string, ctx) => {
        const grouped = value
          .normalize('NFKC')
          .replace(/\(0\)/g, '')
          .trim()
          .replace(/^\+81[\s()\-‐‑‒–—―−ー－]*/, '0')
          .replace(SEPARATORS, '-')
          .replace(/^-+|-+$/g, '');
        const digits = grouped.replace(/-/g, '');
        if (!/^[\d-]+$/.test(grouped) || !(LANDLINE.test(digits) || ELEVEN_DIGITS.test(digits))) {
          ctx.issues.push({ code: 'custom', message: invalid, input: value });
          return z.NEVER;
        }
        if (grouped === digits && digits.length === 11) return `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`;
        return grouped;
      }),
    ),
    {
      pattern: '^(0[1-4][0-9]{8}|0[5-9]0[0-9]{8})$',
      description:
        'A Japanese phone number with its area code: 10 digits, or 11 from 050/060/070/080/090 (hyphens, brackets, full-width digits and +81 are also taken).',
    },
  );
}

/** What the member enters (the same fields every time: a new address replaces the old one). */
export const deliveryAddressInput = z.object({
  name: requiredText('お名前', 50),
  postalCode: postalCode(),
  prefecture: z.enum(PREFECTURES, { error: '都道府県を選択してください' }),
  city: requiredText('市区町村', 50),
  street: requiredText('番地', 100),
  building: z._default(
    z
      .string({ error: '建物名・部屋番号は文字で入力してください' })
      .check(z.trim(), z.maxLength(100, '建物名・部屋番号は100文字以内で入力してください')),
    '',
  ),
  phone: japanesePhoneNumber(),
});
export type DeliveryAddressInput = z.input<typeof deliveryAddressInput>;

/** An address as stored and answered: normalised (postal code 123-4567, phone half-width with hyphens). */
export const deliveryAddressSchema = z.object({
  name: z.string(),
  postalCode: z.string(),
  prefecture: z.string(),
  city: z.string(),
  street: z.string(),
  /** Empty when the member gave none. */
  building: z.string(),
  phone: z.string(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/**
 * The delivery of one physical gift, as its member reads it. Its status is the gift's
 * `deliveryState`; `address` is the snapshot taken at the redemption (null while a prize won
 * without an address waits for one: the next address the member saves fills it).
 */
export const giftOrderSchema = z.object({
  id: z.string(),
  /** ORD-yyyyMMdd-XXXX: what the member and the operator name the order by. */
  orderNumber: z.string(),
  address: z.nullable(deliveryAddressSchema),
  carrier: z.nullable(z.string()),
  trackingNumber: z.nullable(z.string()),
  shippedAt: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  cancelReason: z.nullable(z.string()),
});
export type GiftOrder = z.infer<typeof giftOrderSchema>;

export const getDeliveryAddress = defineCall({
  name: 'getDeliveryAddress',
  method: 'GET',
  access: 'member',
  summary: "The member's delivery address for physical gifts, or null when none is saved.",
  input: () => z.object({}),
  output: () => z.object({ address: z.nullable(deliveryAddressSchema) }),
});

export const saveDeliveryAddress = defineCall({
  name: 'saveDeliveryAddress',
  method: 'POST',
  access: 'member',
  summary:
    "Saves (replaces) the member's delivery address, sealed at rest; an order of theirs still waiting for an address takes it. Orders already placed keep the address they were placed with.",
  input: () => deliveryAddressInput,
  output: () => z.object({ address: deliveryAddressSchema }),
});

export const deliveryCalls = { getDeliveryAddress, saveDeliveryAddress };
