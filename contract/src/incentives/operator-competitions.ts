import { z } from 'zod/mini';
import { documented, requires } from '../documented';
import { defineCall } from '../define';
import { requiredText } from '../fields';
import { operatorAssociationId } from '../operators/shared';
import { competitionEntryKinds, prizeCompetitionFields } from './competitions';

/* Prize competitions as the association's staff make and draw them (mf-admin). Audited. */

export const operatorCompetitionSchema = z.object({
  ...prizeCompetitionFields,
  /** After the draw: each winner's entry (never the member's name or address) with the prize. */
  winners: z.array(z.object({ entryId: z.string(), prize: z.string() })),
});
export type OperatorCompetition = z.infer<typeof operatorCompetitionSchema>;

export const listOperatorPrizeCompetitions = defineCall({
  name: 'listOperatorPrizeCompetitions',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary: "The association's prize competitions, newest first, with entries, and winners once drawn.",
  input: () => z.object({ associationId: operatorAssociationId() }),
  output: () => z.object({ items: z.array(operatorCompetitionSchema) }),
});

const moment = (label: string) => z.iso.datetime({ offset: true, error: `${label}の形式が正しくありません` });

export const createOperatorPrizeCompetition = defineCall({
  name: 'createOperatorPrizeCompetition',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  createsResource: true,
  summary:
    'Creates (and opens to members) a prize competition of the association: its period, how to enter (a step total in the period, or a coin cost) and the prizes; a secret is committed now (its SHA-256 shown to members) for the draw. Audited.',
  input: () =>
    documented(
      z
        .object({
          associationId: operatorAssociationId(),
          title: requiredText('タイトル', 100),
          description: z._default(z.string().check(z.trim(), z.maxLength(2000, '説明は2000文字以内で入力してください')), ''),
          startsAt: moment('開始日時'),
          endsAt: moment('終了日時'),
          entryKind: z.enum(competitionEntryKinds, { error: '応募方法を選択してください' }),
          stepsRequired: z.optional(z.number().check(z.int(), z.gte(1000, '目標歩数は1,000歩以上にしてください'), z.lte(10_000_000))),
          coinCost: z.optional(z.number().check(z.int(), z.gte(1, 'コイン数は1以上にしてください'), z.lte(100_000))),
          prizes: z
            .array(z.object({ name: requiredText('賞品名', 100), winners: z.number().check(z.int(), z.gte(1), z.lte(10_000)) }))
            .check(z.minLength(1, '賞品を1つ以上入力してください'), z.maxLength(10, '賞品は10種類までです')),
        })
        .check(
          z.refine((value) => Date.parse(value.endsAt) > Date.parse(value.startsAt), {
            path: ['endsAt'],
            message: '終了日時は開始日時より後にしてください',
          }),
          z.refine((value) => (value.entryKind === 'steps' ? value.stepsRequired !== undefined : value.coinCost !== undefined), {
            path: ['entryKind'],
            message: '応募方法に合わせて目標歩数またはコイン数を入力してください',
          }),
        ),
      {
        'x-field-comparisons': [{ left: 'startsAt', operator: '<', right: 'endsAt' }],
        if: { properties: { entryKind: { const: 'steps' } }, required: ['entryKind'] },
        then: requires('stepsRequired'),
        else: requires('coinCost'),
        description: 'endsAt is after startsAt; a `steps` competition gives stepsRequired, a `coins` one coinCost.',
      },
    ),
  output: () => operatorCompetitionSchema,
});

export const drawOperatorPrizeCompetition = defineCall({
  name: 'drawOperatorPrizeCompetition',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary:
    'Draws the winners of an ended competition of the association, once: seed = SHA-256(secret | sorted qualifying member ids), each entry ranked by SHA-256(seed | member id), prizes in order; the seed and the secret are recorded and shown, so anyone can re-run it (409 competition_not_drawable before the end or when drawn). Audited.',
  input: () =>
    z.object({
      associationId: operatorAssociationId(),
      competitionId: z
        .string({ error: '懸賞IDを指定してください' })
        .check(z.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, '懸賞IDの形式が正しくありません')),
    }),
  output: () => operatorCompetitionSchema,
});
