import { z } from 'zod/mini';
import { documented, requires } from '../documented';
import { defineCall } from '../define';
import { requiredText } from '../fields';
import { operatorAssociationId, operatorRecordId } from '../operators/shared';

/*
 * Monthly challenges (issue 29, decision 0029). An association's operators define a challenge once
 * (what counts: days with a blood-pressure record, or days with at least N steps; how many days;
 * the points); it is offered every month while active. A member takes it for the current month;
 * only the days of that month count, whenever they joined. Done, it records one activity event that
 * the challenge's own point menu rewards, through the earning rules, once.
 */

export const challengeKinds = ['blood_pressure_days', 'step_days'] as const;
export type ChallengeKind = (typeof challengeKinds)[number];

/** The challenge as members read it, with where they stand this month. */
export const challengeSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(challengeKinds),
  targetDays: z.number(),
  /** step_days: the steps a day needs to count. */
  minSteps: z.nullable(z.number()),
  points: z.number(),
  /** The month offered, yyyy-MM (Japan). */
  month: z.string(),
  /** The month's last day, yyyy-MM-dd. */
  monthEnd: z.string(),
  joinedAt: z.nullable(z.string()),
  /** Days of the month that count so far (0 until joined). */
  progressDays: z.number(),
  /** Which days counted, yyyy-MM-dd, oldest first (empty until joined). */
  countedDays: z.array(z.string()),
  completedAt: z.nullable(z.string()),
});
export type Challenge = z.infer<typeof challengeSchema>;

const challengeId = z.uuid({ error: 'チャレンジの形式が正しくありません' });

export const listChallenges = defineCall({
  name: 'listChallenges',
  method: 'GET',
  access: 'member',
  summary:
    "This month's challenges of the member's association (Japan time), each with the member's progress: days of the month that count so far, and when it was completed.",
  input: () => z.strictObject({}),
  output: () => z.object({ month: z.string(), items: z.array(challengeSchema) }),
});

export const getChallenge = defineCall({
  name: 'getChallenge',
  method: 'GET',
  access: 'member',
  summary: "One challenge of this month with the member's progress and the days that counted; 404 when not offered.",
  input: () => z.object({ challengeId }),
  output: () => challengeSchema,
});

export const joinChallenge = defineCall({
  name: 'joinChallenge',
  method: 'POST',
  access: 'member',
  createsResource: true,
  summary:
    "Takes a challenge for this month (again: the same answer, nothing more). The month's days already recorded count; reaching the target completes it and pays its points through the earning rules, once.",
  input: () => z.object({ challengeId }),
  output: () => challengeSchema,
});

/** The challenge as the association's operators read it. */
export const operatorChallengeSchema = z.object({
  id: z.string(),
  pointId: z.string(),
  title: z.string(),
  kind: z.enum(challengeKinds),
  targetDays: z.number(),
  minSteps: z.nullable(z.number()),
  points: z.number(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type OperatorChallenge = z.infer<typeof operatorChallengeSchema>;

export const listOperatorChallenges = defineCall({
  name: 'listOperatorChallenges',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary: "The association's challenges, newest first (at most 100).",
  input: () => z.object({ associationId: operatorAssociationId() }),
  output: () => z.object({ items: z.array(operatorChallengeSchema) }),
});

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}は数値で入力してください` })
    .check(
      z.int(`${label}は整数で入力してください`),
      z.gte(min, `${label}は${min.toLocaleString('ja-JP')}〜${max.toLocaleString('ja-JP')}の範囲で入力してください`),
      z.lte(max, `${label}は${min.toLocaleString('ja-JP')}〜${max.toLocaleString('ja-JP')}の範囲で入力してください`),
    );

/** A month has at least 28 days: a target every month can reach. */
export const CHALLENGE_MAX_TARGET_DAYS = 28;

export const createOperatorChallenge = defineCall({
  name: 'createOperatorChallenge',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  createsResource: true,
  summary:
    "Creates a challenge of the association, offered every month from now on: what counts, the days it takes, and the points (at most the program's daily ceiling), with its point menu. Audited.",
  input: () =>
    documented(
      z
        .object({
          associationId: operatorAssociationId(),
          pointId: operatorRecordId('ポイント'),
          title: requiredText('チャレンジ名', 100),
          kind: z.enum(challengeKinds, { error: 'チャレンジの種類を選んでください' }),
          targetDays: whole('目標日数', 1, CHALLENGE_MAX_TARGET_DAYS),
          minSteps: z.optional(whole('1日の歩数', 1000, 100000)),
          points: whole('ポイント数', 1, 100000),
        })
        .check(
          z.refine((value) => value.kind !== 'step_days' || value.minSteps !== undefined, {
            path: ['minSteps'],
            message: '1日の歩数を入力してください',
          }),
        ),
      {
        if: { properties: { kind: { const: 'step_days' } }, required: ['kind'] },
        then: requires('minSteps'),
        description: 'A `step_days` challenge gives minSteps.',
      },
    ),
  output: () => operatorChallengeSchema,
});

export const setOperatorChallengeActive = defineCall({
  name: 'setOperatorChallengeActive',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary:
    'Offers a challenge again from this month, or stops offering it (members who took it this month keep it and can still complete it). Audited.',
  input: () => z.object({ associationId: operatorAssociationId(), challengeId: operatorRecordId('チャレンジ'), active: z.boolean() }),
  output: () => operatorChallengeSchema,
});

export const challengeCalls = {
  listChallenges,
  getChallenge,
  joinChallenge,
  listOperatorChallenges,
  createOperatorChallenge,
  setOperatorChallengeActive,
};
