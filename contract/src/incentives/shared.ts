import { z } from 'zod/mini';
import { cursor, pageSize } from '../fields';

/** The messages of the area's error codes (`IncentiveErrorCodes`, in the zod-free incentive-terms): the bff's. */
export const INSUFFICIENT_BALANCE_MESSAGE = '残高が足りないため交換できません。';
export const GIFT_OUT_OF_STOCK_MESSAGE = '申し訳ありません。このギフトは在庫がなくなりました。ポイントは使われていません。';
export const POINT_AGREEMENT_REQUIRED_MESSAGE = 'このポイントを利用するには、利用規約への同意が必要です。';
export const CAMPAIGN_CLOSED_MESSAGE = 'このキャンペーンは現在受け付けていません。';
export const CAMPAIGN_NOT_ENTERED_MESSAGE = 'キャンペーンにエントリーしてからご利用ください。';
export const GIFT_CHALLENGE_UNAVAILABLE_MESSAGE = '現在ギフトチャレンジに挑戦できません。';
export const DELIVERY_ADDRESS_REQUIRED_MESSAGE = 'お届け先住所を登録してから交換してください。ポイントは使われていません。';

const idOf = (label: string) => z.uuid({ error: `${label}の形式が正しくありません` });
export const pointId = idOf('ポイント');
export const giftId = idOf('ギフト');
export const campaignId = idOf('キャンペーン');
export const userGiftId = idOf('ギフト');

/** A month in Japan time, yyyy-MM: a history filtered to it. */
export const monthFilter = z
  .string({ error: '月の形式が正しくありません' })
  .check(z.regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, '月の形式が正しくありません'));

export const historyInput = z.object({ month: z.optional(monthFilter), cursor: z.optional(cursor), limit: pageSize() });

export const transactionKinds = ['earn', 'grant', 'revoke', 'redeem', 'expire', 'challenge', 'prize', 'competition'] as const;

/** One line of a history: `amount` is signed from the member's side (+ earned, − spent or expired). */
export const transactionSchema = z.object({
  id: z.string(),
  kind: z.enum(transactionKinds),
  amount: z.number().check(z.int()),
  description: z.string(),
  createdAt: z.string(),
  /**
   * The day (yyyy-MM-dd, Japan) of the activity an earning is for — the reading, the steps, the
   * answer — which may be before the day it was paid (createdAt); absent for other lines.
   */
  forDay: z.optional(z.string()),
});
export type IncentiveTransaction = z.infer<typeof transactionSchema>;

export const transactionPage = z.object({ transactions: z.array(transactionSchema), nextCursor: z.nullable(z.string()) });

/** Points that stay spendable until `expiresAt`, then expire. */
export const expirySchema = z.object({ expiresAt: z.string(), points: z.number().check(z.int()) });

export const menuKinds = [
  'vital_recorded',
  'step_goal_reached',
  'enquete_answered',
  'campaign_entered',
  'challenge_completed',
  'article_quiz_correct',
] as const;

/** A way to earn: what, how much, and its caps (times per Japanese day, times in total; null: none). */
export const menuSchema = z.object({
  id: z.string(),
  kind: z.enum(menuKinds),
  title: z.string(),
  points: z.number().check(z.int()),
  dailyLimit: z.nullable(z.number().check(z.int())),
  totalLimit: z.nullable(z.number().check(z.int())),
});
export type PointMenu = z.infer<typeof menuSchema>;

/** A menu with the member's progress: earned today and in total, and whether it can still earn. */
export const userActionSchema = z.extend(menuSchema, {
  todayCount: z.number().check(z.int()),
  totalCount: z.number().check(z.int()),
  available: z.boolean(),
});
export type IncentiveUserAction = z.infer<typeof userActionSchema>;
