import { z } from 'zod/mini';
import { documented, requires } from '../documented';
import { defineCall } from '../define';
import { requiredText, UUID_PATTERN } from '../fields';
import { calendarDay, operatorAssociationId, operatorRecordId } from '../operators/shared';

/*
 * Walking events (チームでウォーキング, issue 29; decision 0028): an association's event over a
 * period of Japan days, entered alone and/or in teams. Only a device's or the app's daily counts
 * count (never a hand entry), each day up to the event's plausibility rule: a day over the daily
 * limit, or a large count identical to the day before, is held for an operator's review. Rankings
 * come from what counts; the rewards (points of one of the association's programs) are paid once
 * through the ledger when the event closes, after its grace days.
 */

export const walkingEventModes = ['solo', 'team', 'both'] as const;
export type WalkingEventMode = (typeof walkingEventModes)[number];
/** Where an event stands: before its first day, during it, in its grace days, closed (paid). */
export const walkingEventPhases = ['upcoming', 'open', 'grace', 'closed'] as const;
/** A day of a participant: counted, held for review (確認中), approved or refused by an operator. */
export const walkingDayStatuses = ['counted', 'held', 'approved', 'refused'] as const;
export type WalkingDayStatus = (typeof walkingDayStatuses)[number];

export const WALKING_TEAM_MAX_SIZE = 10;
export const WALKING_DEFAULT_DAILY_LIMIT = 50_000;
/** The pattern no person walks: this many steps or more, exactly the same as the day before. */
export const WALKING_REPEAT_MIN_STEPS = 20_000;
export const WALKING_EVENT_MAX_DAYS = 92;

const rankRewardSchema = z.object({ upToRank: z.number(), points: z.number() });

const walkingEventFields = {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** yyyy-MM-dd, Japan days, both included. */
  startsOn: z.string(),
  endsOn: z.string(),
  graceDays: z.number(),
  mode: z.enum(walkingEventModes),
  teamSize: z.number(),
  dailyLimit: z.number(),
  finishSteps: z.nullable(z.number()),
  finishPoints: z.number(),
  rankRewards: z.array(rankRewardSchema),
  teamRankRewards: z.array(rankRewardSchema),
  phase: z.enum(walkingEventPhases),
  participants: z.number(),
  teams: z.number(),
  closedAt: z.nullable(z.string()),
};

export const walkingEventSummarySchema = z.object({
  ...walkingEventFields,
  joined: z.boolean(),
});
export type WalkingEventSummary = z.infer<typeof walkingEventSummarySchema>;

export const walkingDaySchema = z.object({ day: z.string(), steps: z.number(), status: z.enum(walkingDayStatuses) });
export type WalkingDay = z.infer<typeof walkingDaySchema>;

export const walkingTeamBriefSchema = z.object({
  id: z.string(),
  name: z.string(),
  total: z.number(),
  rank: z.number(),
  members: z.number(),
  inviteCode: z.string(),
});

/** The event as a member reads it: their own days, total and rank, their team's, and the reward paid. */
export const walkingEventSchema = z.object({
  ...walkingEventFields,
  me: z.nullable(
    z.object({
      total: z.number(),
      rank: z.number(),
      days: z.array(walkingDaySchema),
      team: z.nullable(walkingTeamBriefSchema),
      rewardPoints: z.nullable(z.number()),
    }),
  ),
});
export type WalkingEvent = z.infer<typeof walkingEventSchema>;

export const walkingBoardEntrySchema = z.object({ rank: z.number(), name: z.string(), total: z.number(), isMe: z.boolean() });
export type WalkingBoardEntry = z.infer<typeof walkingBoardEntrySchema>;
export const walkingBoardKinds = ['members', 'teams'] as const;

export const walkingTeamSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  total: z.number(),
  rank: z.number(),
  inviteCode: z.string(),
  teamSize: z.number(),
  /** Each member's nickname and counted days (teammates only ever see this). */
  members: z.array(z.object({ name: z.string(), isMe: z.boolean(), total: z.number(), days: z.array(walkingDaySchema) })),
});
export type WalkingTeam = z.infer<typeof walkingTeamSchema>;

const recordId = (label: string) =>
  z.string({ error: `${label}を指定してください` }).check(z.regex(UUID_PATTERN, `${label}の形式が正しくありません`));
const eventId = () => recordId('イベントID');
const inviteCode = () =>
  z
    .string({ error: '招待コードを入力してください' })
    .check(z.trim(), z.regex(/^[A-Za-z0-9]{12}$/, '招待コードは12文字の英数字で入力してください'));

export const listWalkingEvents = defineCall({
  name: 'listWalkingEvents',
  method: 'GET',
  access: 'member',
  summary: "The walking events of the member's association that are upcoming, running or ended in the last 60 days, newest first.",
  input: () => z.strictObject({}),
  output: () => z.object({ items: z.array(walkingEventSummarySchema) }),
});

export const getWalkingEvent = defineCall({
  name: 'getWalkingEvent',
  method: 'GET',
  access: 'member',
  summary:
    "One walking event with the member's own counted days (held days as 確認中), total and rank, and their team's total and rank among all teams. No other member's steps.",
  input: () => z.object({ eventId: eventId() }),
  output: () => walkingEventSchema,
});

export const getWalkingLeaderboard = defineCall({
  name: 'getWalkingLeaderboard',
  method: 'GET',
  access: 'member',
  summary:
    "An event's leaderboard of members (nickname and total) or teams (name and total): the top 10 and, for a participant, the entries around them. From what counts only.",
  input: () =>
    z.object({ eventId: eventId(), kind: z._default(z.enum(walkingBoardKinds, { error: '種類を選択してください' }), 'members') }),
  output: () => z.object({ top: z.array(walkingBoardEntrySchema), aroundMe: z.array(walkingBoardEntrySchema) }),
});

export const joinWalkingEvent = defineCall({
  name: 'joinWalkingEvent',
  method: 'POST',
  access: 'member',
  createsResource: true,
  summary: 'Joins an event before its last day (joining again changes nothing); counted days already in the period count.',
  input: () => z.object({ eventId: eventId() }),
  output: () => walkingEventSchema,
});

export const leaveWalkingEvent = defineCall({
  name: 'leaveWalkingEvent',
  method: 'POST',
  access: 'member',
  summary: 'Leaves an event (and its team) before it starts (409 walking_event_started after).',
  input: () => z.object({ eventId: eventId() }),
  output: () => walkingEventSchema,
});

export const createWalkingTeam = defineCall({
  name: 'createWalkingTeam',
  method: 'POST',
  access: 'member',
  createsResource: true,
  summary:
    'Creates a team in an event the member joined (joining it if not yet) with an unguessable invite code; the member is its first member.',
  input: () => z.object({ eventId: eventId(), name: requiredText('チーム名', 30) }),
  output: () => walkingTeamSchema,
});

export const getWalkingTeamInvite = defineCall({
  name: 'getWalkingTeamInvite',
  method: 'GET',
  access: 'member',
  summary: "What an invite code leads to: the event's title and period, the team's name and how many it has of how many.",
  input: () => z.object({ code: inviteCode() }),
  output: () =>
    z.object({
      eventId: z.string(),
      eventTitle: z.string(),
      startsOn: z.string(),
      endsOn: z.string(),
      teamName: z.string(),
      members: z.number(),
      teamSize: z.number(),
    }),
});

export const joinWalkingTeam = defineCall({
  name: 'joinWalkingTeam',
  method: 'POST',
  access: 'member',
  summary:
    'Joins the team of an invite code (joining the event if not yet): one team per member and event, at most the team size (409 walking_team_full).',
  input: () => z.object({ code: inviteCode() }),
  output: () => walkingTeamSchema,
});

export const leaveWalkingTeam = defineCall({
  name: 'leaveWalkingTeam',
  method: 'POST',
  access: 'member',
  summary: 'Leaves the team (staying in the event) before the event starts.',
  input: () => z.object({ eventId: eventId() }),
  output: () => walkingEventSchema,
});

export const getWalkingTeam = defineCall({
  name: 'getWalkingTeam',
  method: 'GET',
  access: 'member',
  summary: "The member's own team: each teammate's nickname and counted days, the team's total and rank. Another team is not found.",
  input: () => z.object({ eventId: eventId(), teamId: recordId('チームID') }),
  output: () => walkingTeamSchema,
});

/* Operators (mf-admin): create, review held days, close. Audited. */

export const operatorWalkingEventSchema = z.object({
  ...walkingEventFields,
  programId: z.string(),
  heldDays: z.number(),
  /** Closed and every participant paid (the payout goes in batches after the close, decision 0028). */
  paidOut: z.boolean(),
});
export type OperatorWalkingEvent = z.infer<typeof operatorWalkingEventSchema>;

export const listOperatorWalkingEvents = defineCall({
  name: 'listOperatorWalkingEvents',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary: "The association's walking events, newest first, with participants, teams and held days waiting for review.",
  input: () => z.object({ associationId: operatorAssociationId() }),
  output: () => z.object({ items: z.array(operatorWalkingEventSchema) }),
});

const rewardTiers = (label: string) =>
  z._default(
    z
      .array(
        z.object({
          upToRank: z
            .number()
            .check(z.int(), z.gte(1, `${label}の順位は1以上にしてください`), z.lte(1000, `${label}の順位は1000以内にしてください`)),
          points: z.number().check(z.int(), z.gte(1, `${label}のポイントは1以上にしてください`), z.lte(100_000)),
        }),
      )
      .check(z.maxLength(10, `${label}は10段階までです`)),
    [],
  );

export const createOperatorWalkingEvent = defineCall({
  name: 'createOperatorWalkingEvent',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  createsResource: true,
  summary:
    'Creates (and opens to members) a walking event: its period (Japan days), grace days for late syncs, solo and/or team with a team size up to 10, the daily limit above which a day is held, and the rewards in points of one of its programs (for finishing and for ranks). Audited.',
  input: () =>
    documented(
      z
        .object({
          associationId: operatorAssociationId(),
          programId: documented(operatorRecordId('ポイントプログラム'), { 'x-state-dependent': 'A point program of the association.' }),
          title: requiredText('タイトル', 100),
          description: z._default(z.string().check(z.trim(), z.maxLength(2000, '説明は2000文字以内で入力してください')), ''),
          startsOn: calendarDay('開始日'),
          endsOn: calendarDay('終了日'),
          graceDays: z._default(
            z.number().check(z.int(), z.gte(0, '猶予日数は0〜14日で入力してください'), z.lte(14, '猶予日数は0〜14日で入力してください')),
            3,
          ),
          mode: z.enum(walkingEventModes, { error: '参加形式を選択してください' }),
          teamSize: z._default(
            z
              .number()
              .check(
                z.int(),
                z.gte(2, 'チームの人数は2〜10人で入力してください'),
                z.lte(WALKING_TEAM_MAX_SIZE, 'チームの人数は2〜10人で入力してください'),
              ),
            5,
          ),
          dailyLimit: z._default(
            z
              .number()
              .check(
                z.int(),
                z.gte(10_000, '1日の上限は10,000〜100,000歩で入力してください'),
                z.lte(100_000, '1日の上限は10,000〜100,000歩で入力してください'),
              ),
            WALKING_DEFAULT_DAILY_LIMIT,
          ),
          finishSteps: z.optional(
            z.nullable(z.number().check(z.int(), z.gte(1000, '完走の歩数は1,000歩以上にしてください'), z.lte(10_000_000))),
          ),
          finishPoints: z._default(z.number().check(z.int(), z.gte(0, '完走ポイントは0以上にしてください'), z.lte(100_000)), 0),
          rankRewards: rewardTiers('個人順位の報酬'),
          teamRankRewards: rewardTiers('チーム順位の報酬'),
        })
        .check(
          z.superRefine((value, ctx) => {
            const days = (Date.parse(`${value.endsOn}T00:00:00Z`) - Date.parse(`${value.startsOn}T00:00:00Z`)) / 86_400_000 + 1;
            if (days < 1) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: '終了日は開始日以降の日付を入力してください' });
            else if (days > WALKING_EVENT_MAX_DAYS)
              ctx.addIssue({ code: 'custom', path: ['endsOn'], message: `期間は${WALKING_EVENT_MAX_DAYS}日以内にしてください` });
            if (value.finishPoints > 0 && !value.finishSteps)
              ctx.addIssue({ code: 'custom', path: ['finishSteps'], message: '完走ポイントを出すときは完走の歩数を入力してください' });
          }),
        ),
      {
        'x-field-comparisons': [{ left: 'startsOn', operator: '<=', right: 'endsOn', maxDays: WALKING_EVENT_MAX_DAYS - 1 }],
        if: { properties: { finishPoints: { exclusiveMinimum: 0 } }, required: ['finishPoints'] },
        then: requires('finishSteps'),
        description: `endsOn is on or after startsOn, at most ${WALKING_EVENT_MAX_DAYS} days; finishPoints > 0 needs finishSteps.`,
      },
    ),
  output: () => operatorWalkingEventSchema,
});

export const operatorHeldDaySchema = z.object({
  id: z.string(),
  /** The participant's entry (never the member's name or address). */
  participantId: z.string(),
  day: z.string(),
  steps: z.number(),
  previousDaySteps: z.nullable(z.number()),
  reason: z.enum(['over_limit', 'repeated']),
});

export const listOperatorWalkingHeldDays = defineCall({
  name: 'listOperatorWalkingHeldDays',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary: "An event's held days waiting for a decision, oldest day first (at most 100).",
  input: () => z.object({ associationId: operatorAssociationId(), eventId: operatorRecordId('イベントID') }),
  output: () => z.object({ items: z.array(operatorHeldDaySchema) }),
});

export const decideOperatorWalkingDay = defineCall({
  name: 'decideOperatorWalkingDay',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary: 'Approves (it counts) or refuses (it never counts) a held day of an open event; the totals and ranks follow at once. Audited.',
  input: () =>
    z.object({
      associationId: operatorAssociationId(),
      eventId: operatorRecordId('イベントID'),
      dayId: operatorRecordId('日'),
      decision: z.enum(['approve', 'refuse'], { error: '判定を選択してください' }),
    }),
  output: () => operatorHeldDaySchema,
});

export const closeOperatorWalkingEvent = defineCall({
  name: 'closeOperatorWalkingEvent',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary:
    'Closes an event after its grace days and pays its rewards through the ledger, once (closing again, or concurrently, pays nothing more; 409 walking_event_not_closable before the grace days end). Audited.',
  input: () => z.object({ associationId: operatorAssociationId(), eventId: operatorRecordId('イベントID') }),
  output: () => operatorWalkingEventSchema,
});

export const walkingEventCalls = {
  listWalkingEvents,
  getWalkingEvent,
  getWalkingLeaderboard,
  joinWalkingEvent,
  leaveWalkingEvent,
  createWalkingTeam,
  getWalkingTeamInvite,
  joinWalkingTeam,
  leaveWalkingTeam,
  getWalkingTeam,
  listOperatorWalkingEvents,
  createOperatorWalkingEvent,
  listOperatorWalkingHeldDays,
  decideOperatorWalkingDay,
  closeOperatorWalkingEvent,
};

export const WalkingEventErrorCodes = {
  /** 409: the event has started (leaving), ended (joining) or closed. */
  started: 'walking_event_started',
  closed: 'walking_event_closed',
  /** 409: the team has as many members as the event allows. */
  teamFull: 'walking_team_full',
  /** 409: the member is in a team of this event already. */
  inTeam: 'walking_already_in_team',
  /** 409: the event is solo only. */
  noTeams: 'walking_event_no_teams',
  /** 409: closing before the grace days end. */
  notClosable: 'walking_event_not_closable',
  /** 409: the day is not held (decided already). */
  notHeld: 'walking_day_not_held',
} as const;
