import { z } from 'zod/mini';
import { documented, requires } from '../documented';
import { defineCall } from '../define';
import { emailAddress, requiredText } from '../fields';
import { operatorVitalTypes } from '../incentive-terms';
import { giftImageSchema } from './gift-images';
import { daySeries, operatorAssociationId, operatorPeriodInput, operatorRecordId as recordId } from '../operators/shared';

// The incentives area's operator calls (mf-admin): what `npm run incentives -- …` does, for the
// association's point programs only (coins are the service's, not an association's).

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}は数値で入力してください` })
    .check(
      z.int(`${label}は整数で入力してください`),
      z.gte(min, `${label}は${min}〜${max}の範囲で入力してください`),
      z.lte(max, `${label}は${min}〜${max}の範囲で入力してください`),
    );

export const operatorMenuKinds = [
  'vital_recorded',
  'step_goal_reached',
  'enquete_answered',
  'campaign_entered',
  'article_quiz_correct',
] as const;

export const operatorMenuInput = documented(
  z
    .object({
      kind: z.enum(operatorMenuKinds, { error: '獲得条件を選んでください' }),
      vitalType: z.optional(z.enum(operatorVitalTypes, { error: '記録の種類を選んでください' })),
      title: requiredText('メニュー名', 100),
      points: whole('ポイント数', 1, 100000),
      dailyLimit: z.optional(z.nullable(whole('1日の上限', 1, 1000))),
      totalLimit: z.optional(z.nullable(whole('通算の上限', 1, 100000))),
    })
    .check(
      z.refine((menu) => menu.kind !== 'vital_recorded' || menu.vitalType !== undefined, {
        path: ['vitalType'],
        message: '記録の種類を選んでください',
      }),
    ),
  {
    if: { properties: { kind: { const: 'vital_recorded' } }, required: ['kind'] },
    then: requires('vitalType'),
    description: 'A `vital_recorded` menu names its vitalType.',
  },
);
export type OperatorMenuInput = z.output<typeof operatorMenuInput>;

const menuSchema = z.object({
  id: z.string(),
  kind: z.string(),
  eventKind: z.string(),
  title: z.string(),
  points: z.number(),
  dailyLimit: z.nullable(z.number()),
  totalLimit: z.nullable(z.number()),
});
const giftSchema = z.object({
  id: z.string(),
  name: z.string(),
  cost: z.number(),
  kind: z.enum(['digital_code', 'delivery']),
  stock: z.nullable(z.number()),
  /** Digital gifts: codes imported and not handed out yet. */
  codesAvailable: z.nullable(z.number()),
  image: z.nullable(giftImageSchema),
});
export const operatorProgramSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  expiryMonths: z.number(),
  requiresConsent: z.boolean(),
  menus: z.array(menuSchema),
  gifts: z.array(giftSchema),
});
export type OperatorProgram = z.infer<typeof operatorProgramSchema>;

export const listOperatorPointPrograms = defineCall({
  name: 'listOperatorPointPrograms',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary: "The association's point programs with their menus and gifts (and the digital codes left).",
  input: () => z.object({ associationId: operatorAssociationId() }),
  output: () => z.object({ programs: z.array(operatorProgramSchema) }),
});

export const createOperatorPointProgram = defineCall({
  name: 'createOperatorPointProgram',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  createsResource: true,
  summary: 'Creates a point program of the association with its menus (create-program); audited.',
  input: () =>
    z.strictObject({
      associationId: operatorAssociationId(),
      name: requiredText('ポイント名', 60),
      description: z._default(z.string().check(z.maxLength(1000, '説明は1000文字以内で入力してください')), ''),
      expiryMonths: z._default(whole('有効期限（月）', 1, 120), 36),
      consentText: z._default(z.string().check(z.maxLength(5000, '同意文は5000文字以内で入力してください')), ''),
      menus: z._default(z.array(operatorMenuInput).check(z.maxLength(50, 'メニューは50件までです')), []),
    }),
  output: () => z.object({ id: z.string() }),
});

export const addOperatorPointMenus = defineCall({
  name: 'addOperatorPointMenus',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary: "Adds menus to one of the association's programs (add-menus); audited.",
  input: () =>
    z.object({
      programId: recordId('ポイントID'),
      menus: z.array(operatorMenuInput).check(z.minLength(1, 'メニューを入力してください'), z.maxLength(50, 'メニューは50件までです')),
    }),
  output: () => z.object({ ids: z.array(z.string()) }),
});

export const addOperatorGift = defineCall({
  name: 'addOperatorGift',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  createsResource: true,
  summary: "Adds a gift to one of the association's programs (add-gift): a digital code or a delivery with a stock; audited.",
  input: () =>
    z.object({
      programId: recordId('ポイントID'),
      name: requiredText('ギフト名', 100),
      description: z._default(z.string().check(z.maxLength(1000, '説明は1000文字以内で入力してください')), ''),
      cost: whole('必要ポイント', 1, 1_000_000),
      kind: z.enum(['digital_code', 'delivery'], { error: '受け取り方を選んでください' }),
      stock: z._default(z.nullable(whole('在庫数', 0, 1_000_000)), null),
    }),
  output: () => z.object({ id: z.string() }),
});

/** A gift-code CSV as text: at most 1,000,000 characters. */
export const GIFT_CODES_CSV_MAX_CHARS = 1_000_000;

export const importOperatorGiftCodes = defineCall({
  name: 'importOperatorGiftCodes',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  // The CSV (1,000,000 characters) as UTF-8 in a JSON string.
  maxBodyBytes: GIFT_CODES_CSV_MAX_CHARS * 3 + 64 * 1024,
  summary: "Imports a digital gift's codes from a CSV, one a line (import-codes): all or nothing, wrong lines answered; audited.",
  input: () =>
    z.object({
      giftId: documented(recordId('ギフトID'), { 'x-state-dependent': 'A gift of kind digital_code.' }),
      csv: z
        .string({ error: 'コードのCSVを選んでください' })
        .check(z.minLength(1, 'コードのCSVを選んでください'), z.maxLength(GIFT_CODES_CSV_MAX_CHARS, 'CSVは1MB以内にしてください')),
    }),
  output: () =>
    z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), imported: z.number().check(z.int()) }),
      z.object({ ok: z.literal(false), errors: z.array(z.string()) }),
    ]),
});

export const adjustOperatorPoints = defineCall({
  name: 'adjustOperatorPoints',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary:
    'Grants or revokes points of a member of the association (grant/revoke) with a reason; a revocation never takes the balance below zero; audited.',
  input: () =>
    z.object({
      programId: recordId('ポイントID'),
      memberEmail: emailAddress('会員のメールアドレス'),
      direction: z.enum(['grant', 'revoke'], { error: '付与か取り消しかを選んでください' }),
      amount: whole('ポイント数', 1, 1_000_000),
      reason: requiredText('理由', 200),
    }),
  output: () => z.object({ balance: z.number() }),
});

export const getOperatorPointStats = defineCall({
  name: 'getOperatorPointStats',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary: "The association's points for the dashboard: granted (earned, granted, prizes) and redeemed per day (Japan) in the period.",
  input: () => operatorPeriodInput,
  output: () => z.object({ granted: daySeries, redeemed: daySeries, grantedTotal: z.number(), redeemedTotal: z.number() }),
});

export const incentiveOperatorCalls = {
  listOperatorPointPrograms,
  createOperatorPointProgram,
  addOperatorPointMenus,
  addOperatorGift,
  importOperatorGiftCodes,
  adjustOperatorPoints,
  getOperatorPointStats,
};
