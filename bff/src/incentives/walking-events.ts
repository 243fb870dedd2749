import { randomInt } from 'node:crypto';
import {
  ErrorCodes,
  japanDay,
  MEASURED_STEP_SOURCES,
  WALKING_REPEAT_MIN_STEPS,
  WalkingEventErrorCodes,
  type OperatorWalkingEvent,
  type ParsedInput,
  type WalkingBoardEntry,
  type WalkingEvent,
  type WalkingEventSummary,
  type WalkingTeam,
} from '@sukoyaka/contract';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, min, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../db/client';
import {
  notificationFanouts,
  pointPrograms,
  steps,
  users,
  walkingBuckets,
  walkingDays,
  walkingEvents,
  walkingParticipants,
  walkingTeams,
} from '../db/schema';
import type { Actor } from '../platform/actor';
import { HttpError, notFound } from '../platform/errors';
import type { Handlers, Member } from '../platform/handlers';
import { deliverNotifications, mayBeNotified, openFanouts } from '../platform/notification-mail';
import { auditOperator, type Operator } from '../platform/operators';
import type { StepDayChange } from '../platform/step-days';
import { credit } from './ledger';
import { notifyTeamJoined, resultMail } from './walking-notifications';

/*
 * Walking events (issue 29, decision 0028). The health area tells every saved step day through
 * the platform's step-day observer (walkingStepDay, registered by app.ts); the day is judged here
 * for each open event the member takes part in, and the participant's total, their team's total
 * and the event's histograms of totals change by the difference, in the step write's transaction.
 * Reads are index ranges: the top of (event, total desc, id), the neighbours of one entry, and a
 * rank as the buckets above plus a count inside one bucket. Nothing sorts or counts all
 * participants. Closing pays once: the event row is locked and closed_at set in a short
 * transaction, then the participants are paid in keyset batches by member id, each under the
 * payout cursor's row lock, each credit keyed `walking:<event>:<member>`, each result mail sent
 * with its batch.
 */

type EventRow = typeof walkingEvents.$inferSelect;
type Board = 'members' | 'teams';
type RankReward = { upToRank: number; points: number };

/** The width of a histogram bucket, in steps (decision 0028). */
export const WALKING_BUCKET_STEPS = 1000;
const bucketOf = (total: number) => Math.floor(total / WALKING_BUCKET_STEPS);
const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const rewardsOf = (text: string) => JSON.parse(text) as RankReward[];
const INVITE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 12 of 62 characters: about 71 bits, not guessable. */
const newInviteCode = () => Array.from({ length: 12 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

const eventNotFound = () => notFound('ウォーキングイベントが見つかりませんでした。');
const teamNotFound = () => notFound('チームが見つかりませんでした。');
const conflict = (code: string, message: string) => new HttpError(409, code, message);

function phaseOf(row: EventRow, now: Date): WalkingEvent['phase'] {
  if (row.closedAt) return 'closed';
  const today = japanDay(now);
  if (today < row.startsOn) return 'upcoming';
  if (today <= row.endsOn) return 'open';
  return 'grace';
}

/** Closable from the day after the grace days: late syncs count until the event closes. */
const closableOn = (row: EventRow) => addDays(row.endsOn, row.graceDays + 1);

function eventFields(row: EventRow, now: Date) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    graceDays: row.graceDays,
    mode: row.mode,
    teamSize: row.teamSize,
    dailyLimit: row.dailyLimit,
    finishSteps: row.finishSteps,
    finishPoints: row.finishPoints,
    rankRewards: rewardsOf(row.rankRewards),
    teamRankRewards: rewardsOf(row.teamRankRewards),
    phase: phaseOf(row, now),
    participants: row.participants,
    teams: row.teams,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/* ---------- The totals and the histograms ---------- */

/** Moves one entry of a board's histogram between buckets (null: in none); also for the leaving keeper. */
export async function moveInHistogram(tx: Executor, eventId: string, board: Board, from: number | null, to: number | null): Promise<void> {
  if (from !== null && to !== null && bucketOf(from) === bucketOf(to)) return;
  if (from !== null) {
    await tx
      .update(walkingBuckets)
      .set({ count: sql`${walkingBuckets.count} - 1` })
      .where(and(eq(walkingBuckets.eventId, eventId), eq(walkingBuckets.board, board), eq(walkingBuckets.bucket, bucketOf(from))));
  }
  if (to !== null) {
    await tx
      .insert(walkingBuckets)
      .values({ eventId, board, bucket: bucketOf(to), count: 1 })
      .onConflictDoUpdate({
        target: [walkingBuckets.eventId, walkingBuckets.board, walkingBuckets.bucket],
        set: { count: sql`${walkingBuckets.count} + 1` },
      });
  }
}

/** A team's total by a difference, and its place in the teams' histogram (returning: concurrent writes add up). */
export async function addToTeam(tx: Executor, eventId: string, teamId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  const [team] = await tx
    .update(walkingTeams)
    .set({ total: sql`${walkingTeams.total} + ${delta}` })
    .where(eq(walkingTeams.id, teamId))
    .returning({ total: walkingTeams.total });
  if (team) await moveInHistogram(tx, eventId, 'teams', Number(team.total) - delta, Number(team.total));
}

async function addToParticipant(tx: Executor, participantId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  const [row] = await tx
    .update(walkingParticipants)
    .set({ total: sql`${walkingParticipants.total} + ${delta}` })
    .where(eq(walkingParticipants.id, participantId))
    .returning({ eventId: walkingParticipants.eventId, total: walkingParticipants.total, teamId: walkingParticipants.teamId });
  if (!row) return;
  await moveInHistogram(tx, row.eventId, 'members', Number(row.total) - delta, Number(row.total));
  if (row.teamId) await addToTeam(tx, row.eventId, row.teamId, delta);
}

/** A rank: 1 + the entries with a greater total (ties share a rank), from the histogram. */
export async function rankOf(db: Executor, eventId: string, board: Board, total: number): Promise<number> {
  const bucket = bucketOf(total);
  const [above] = await db
    .select({ value: sql<number>`coalesce(sum(${walkingBuckets.count}), 0)`.mapWith(Number) })
    .from(walkingBuckets)
    .where(and(eq(walkingBuckets.eventId, eventId), eq(walkingBuckets.board, board), gt(walkingBuckets.bucket, bucket)));
  const table = board === 'members' ? walkingParticipants : walkingTeams;
  const [inside] = await db
    .select({ value: count() })
    .from(table)
    .where(and(eq(table.eventId, eventId), gt(table.total, total), lt(table.total, (bucket + 1) * WALKING_BUCKET_STEPS)));
  return 1 + (above?.value ?? 0) + Number(inside?.value ?? 0);
}

/* ---------- Judging a day ---------- */

type ParticipantRef = { id: string; eventId: string; dailyLimit: number };

async function applyDay(
  tx: Executor,
  participant: ParticipantRef,
  change: Pick<StepDayChange, 'day' | 'steps' | 'source' | 'status'>,
  now: Date,
) {
  const [existing] = await tx
    .select()
    .from(walkingDays)
    .where(and(eq(walkingDays.participantId, participant.id), eq(walkingDays.day, change.day)))
    .for('update');
  if (!(MEASURED_STEP_SOURCES as readonly string[]).includes(change.source)) {
    // A hand entry never counts: the day leaves the event.
    if (existing) {
      await tx.delete(walkingDays).where(eq(walkingDays.id, existing.id));
      await addToParticipant(tx, participant.id, -existing.counted);
    }
    return;
  }
  let status: 'counted' | 'held' | 'approved' | 'refused' = 'counted';
  let reason: 'over_limit' | 'repeated' | null = null;
  if (existing && existing.steps === change.steps && existing.decidedAt) {
    // The operator's decision stands for the count it was made on.
    status = existing.status;
    reason = existing.reason;
  } else if (change.steps > participant.dailyLimit || change.status === 'held') {
    status = 'held';
    reason = 'over_limit';
  } else if (change.steps >= WALKING_REPEAT_MIN_STEPS) {
    const [before] = await tx
      .select({ steps: walkingDays.steps })
      .from(walkingDays)
      .where(and(eq(walkingDays.participantId, participant.id), eq(walkingDays.day, addDays(change.day, -1))));
    if (before?.steps === change.steps) {
      status = 'held';
      reason = 'repeated';
    }
  }
  const counted = status === 'counted' || status === 'approved' ? change.steps : 0;
  if (existing && existing.steps === change.steps && existing.status === status) return;
  const decidedAt = status === 'approved' || status === 'refused' ? existing!.decidedAt : null;
  await tx
    .insert(walkingDays)
    .values({
      participantId: participant.id,
      eventId: participant.eventId,
      day: change.day,
      steps: change.steps,
      status,
      reason,
      counted,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [walkingDays.participantId, walkingDays.day],
      set: { steps: change.steps, status, reason, counted, decidedAt, updatedAt: now },
    });
  await addToParticipant(tx, participant.id, counted - (existing?.counted ?? 0));
}

/**
 * The platform's step-day observer (app.ts registers it): the day, in each open event of the
 * member whose period holds it, judged and added in the writer's transaction.
 */
export async function walkingStepDay(tx: Executor, change: StepDayChange): Promise<void> {
  const rows = await tx
    .select({ id: walkingParticipants.id, eventId: walkingParticipants.eventId, dailyLimit: walkingEvents.dailyLimit })
    .from(walkingParticipants)
    .innerJoin(walkingEvents, eq(walkingEvents.id, walkingParticipants.eventId))
    .where(
      and(
        eq(walkingParticipants.userId, change.userId),
        isNull(walkingEvents.closedAt),
        lte(walkingEvents.startsOn, change.day),
        gte(walkingEvents.endsOn, change.day),
      ),
    );
  for (const participant of rows) await applyDay(tx, participant, change, new Date());
}

/* ---------- Members ---------- */

async function memberEvent(db: Executor, member: Member, eventId: string): Promise<EventRow> {
  if (!member.associationId || !/^[0-9a-f-]{36}$/i.test(eventId)) throw eventNotFound();
  const [row] = await db
    .select()
    .from(walkingEvents)
    .where(and(eq(walkingEvents.id, eventId.toLowerCase()), eq(walkingEvents.associationId, member.associationId)));
  if (!row) throw eventNotFound();
  return row;
}

async function participantOf(db: Executor, eventId: string, userId: string) {
  const [row] = await db
    .select()
    .from(walkingParticipants)
    .where(and(eq(walkingParticipants.eventId, eventId), eq(walkingParticipants.userId, userId)));
  return row ?? null;
}

async function daysOf(db: Executor, participantIds: string[]) {
  if (participantIds.length === 0) return [];
  return db
    .select({ participantId: walkingDays.participantId, day: walkingDays.day, steps: walkingDays.steps, status: walkingDays.status })
    .from(walkingDays)
    .where(inArray(walkingDays.participantId, participantIds))
    .orderBy(asc(walkingDays.day));
}

async function toEvent(db: Executor, given: EventRow, userId: string, now: Date, reread = false): Promise<WalkingEvent> {
  // After a write, its counts (participants, teams) as they are now.
  const row = reread ? ((await db.select().from(walkingEvents).where(eq(walkingEvents.id, given.id)))[0] ?? given) : given;
  const participant = await participantOf(db, row.id, userId);
  if (!participant) return { ...eventFields(row, now), me: null };
  const days = (await daysOf(db, [participant.id])).map(({ day, steps, status }) => ({ day, steps, status }));
  let team: NonNullable<WalkingEvent['me']>['team'] = null;
  if (participant.teamId) {
    const [teamRow] = await db.select().from(walkingTeams).where(eq(walkingTeams.id, participant.teamId));
    if (teamRow) {
      const total = Number(teamRow.total);
      team = {
        id: teamRow.id,
        name: teamRow.name,
        total,
        rank: await rankOf(db, row.id, 'teams', total),
        members: teamRow.members,
        inviteCode: teamRow.inviteCode,
      };
    }
  }
  const total = Number(participant.total);
  return {
    ...eventFields(row, now),
    me: { total, rank: await rankOf(db, row.id, 'members', total), days, team, rewardPoints: participant.rewardPoints },
  };
}

export async function listWalkingEvents(db: Executor, member: Member, now: Date): Promise<{ items: WalkingEventSummary[] }> {
  if (!member.associationId) return { items: [] };
  const rows = await db
    .select({ event: walkingEvents, participantId: walkingParticipants.id })
    .from(walkingEvents)
    .leftJoin(walkingParticipants, and(eq(walkingParticipants.eventId, walkingEvents.id), eq(walkingParticipants.userId, member.id)))
    .where(and(eq(walkingEvents.associationId, member.associationId), gte(walkingEvents.endsOn, addDays(japanDay(now), -60))))
    .orderBy(desc(walkingEvents.endsOn), desc(walkingEvents.id))
    .limit(50);
  return { items: rows.map(({ event, participantId }) => ({ ...eventFields(event, now), joined: participantId !== null })) };
}

export async function getWalkingEvent(db: Executor, member: Member, eventId: string, now: Date): Promise<WalkingEvent> {
  return toEvent(db, await memberEvent(db, member, eventId), member.id, now);
}

/** Joins (once) and counts the days of the period already saved: the member's own steps rows, one index range. */
async function join(tx: Transaction, row: EventRow, member: Member, now: Date) {
  const existing = await participantOf(tx, row.id, member.id);
  if (existing) return existing;
  if (row.closedAt || japanDay(now) > row.endsOn) throw conflict(WalkingEventErrorCodes.closed, 'このイベントの参加受付は終わりました。');
  const [created] = await tx
    .insert(walkingParticipants)
    .values({ eventId: row.id, userId: member.id, joinedAt: now })
    .onConflictDoNothing({ target: [walkingParticipants.eventId, walkingParticipants.userId] })
    .returning();
  if (!created) return (await participantOf(tx, row.id, member.id))!;
  await tx
    .update(walkingEvents)
    .set({ participants: sql`${walkingEvents.participants} + 1` })
    .where(eq(walkingEvents.id, row.id));
  await moveInHistogram(tx, row.id, 'members', null, 0);
  const saved = await tx
    .select({ day: steps.day, steps: steps.steps, source: steps.source, status: steps.status })
    .from(steps)
    .where(and(eq(steps.userId, member.id), gte(steps.day, row.startsOn), lte(steps.day, row.endsOn)))
    .orderBy(asc(steps.day));
  const participant = { id: created.id, eventId: row.id, dailyLimit: row.dailyLimit };
  for (const day of saved) await applyDay(tx, participant, day, now);
  return (await participantOf(tx, row.id, member.id))!;
}

export async function joinWalkingEvent(db: Database, member: Member, eventId: string, now: Date): Promise<WalkingEvent> {
  return db.transaction(async (tx) => {
    const row = await memberEvent(tx, member, eventId);
    await join(tx, row, member, now);
    return toEvent(tx, row, member.id, now, true);
  });
}

async function lockedParticipant(tx: Transaction, eventId: string, userId: string) {
  const [row] = await tx
    .select()
    .from(walkingParticipants)
    .where(and(eq(walkingParticipants.eventId, eventId), eq(walkingParticipants.userId, userId)))
    .for('update');
  return row ?? null;
}

async function leaveTeam(tx: Transaction, participant: typeof walkingParticipants.$inferSelect): Promise<void> {
  if (!participant.teamId) return;
  const total = Number(participant.total);
  await tx.update(walkingParticipants).set({ teamId: null }).where(eq(walkingParticipants.id, participant.id));
  await addToTeam(tx, participant.eventId, participant.teamId, -total);
  const [team] = await tx
    .update(walkingTeams)
    .set({ members: sql`${walkingTeams.members} - 1` })
    .where(eq(walkingTeams.id, participant.teamId))
    .returning();
  if (team && team.members === 0) {
    // The last member gone, the team goes too.
    await moveInHistogram(tx, participant.eventId, 'teams', Number(team.total), null);
    await tx.delete(walkingTeams).where(eq(walkingTeams.id, team.id));
    await tx
      .update(walkingEvents)
      .set({ teams: sql`${walkingEvents.teams} - 1` })
      .where(eq(walkingEvents.id, participant.eventId));
  }
}

const assertNotStarted = (row: EventRow, now: Date) => {
  if (japanDay(now) >= row.startsOn) throw conflict(WalkingEventErrorCodes.started, 'イベントが始まったため、抜けることはできません。');
};

export async function leaveWalkingEvent(db: Database, member: Member, eventId: string, now: Date): Promise<WalkingEvent> {
  return db.transaction(async (tx) => {
    const row = await memberEvent(tx, member, eventId);
    const participant = await lockedParticipant(tx, row.id, member.id);
    if (participant) {
      assertNotStarted(row, now);
      await leaveTeam(tx, participant);
      await moveInHistogram(tx, row.id, 'members', Number(participant.total), null);
      await tx.delete(walkingParticipants).where(eq(walkingParticipants.id, participant.id));
      await tx
        .update(walkingEvents)
        .set({ participants: sql`${walkingEvents.participants} - 1` })
        .where(eq(walkingEvents.id, row.id));
    }
    return toEvent(tx, row, member.id, now, true);
  });
}

export async function leaveWalkingTeam(db: Database, member: Member, eventId: string, now: Date): Promise<WalkingEvent> {
  return db.transaction(async (tx) => {
    const row = await memberEvent(tx, member, eventId);
    const participant = await lockedParticipant(tx, row.id, member.id);
    if (participant?.teamId) {
      assertNotStarted(row, now);
      await leaveTeam(tx, participant);
    }
    return toEvent(tx, row, member.id, now, true);
  });
}

async function toTeam(db: Executor, row: EventRow, teamId: string, userId: string): Promise<WalkingTeam> {
  const [team] = await db.select().from(walkingTeams).where(eq(walkingTeams.id, teamId));
  if (!team) throw teamNotFound();
  const members = await db
    .select({ id: walkingParticipants.id, userId: walkingParticipants.userId, total: walkingParticipants.total, nickname: users.nickname })
    .from(walkingParticipants)
    .innerJoin(users, eq(users.id, walkingParticipants.userId))
    .where(eq(walkingParticipants.teamId, team.id))
    .orderBy(desc(walkingParticipants.total), asc(walkingParticipants.id));
  const days = await daysOf(
    db,
    members.map((entry) => entry.id),
  );
  const total = Number(team.total);
  return {
    id: team.id,
    eventId: row.id,
    name: team.name,
    total,
    rank: await rankOf(db, row.id, 'teams', total),
    inviteCode: team.inviteCode,
    teamSize: row.teamSize,
    members: members.map((entry) => ({
      name: entry.nickname || '参加者',
      isMe: entry.userId === userId,
      total: Number(entry.total),
      days: days.filter((day) => day.participantId === entry.id).map(({ day, steps, status }) => ({ day, steps, status })),
    })),
  };
}

function assertTeamsOpen(row: EventRow, now: Date) {
  if (row.mode === 'solo') throw conflict(WalkingEventErrorCodes.noTeams, 'このイベントは個人で参加するイベントです。');
  if (row.closedAt || japanDay(now) > row.endsOn) throw conflict(WalkingEventErrorCodes.closed, 'このイベントの参加受付は終わりました。');
}

async function addToTeamMembers(tx: Transaction, row: EventRow, teamId: string, participantId: string): Promise<void> {
  const [seat] = await tx
    .update(walkingTeams)
    .set({ members: sql`${walkingTeams.members} + 1` })
    .where(and(eq(walkingTeams.id, teamId), lt(walkingTeams.members, row.teamSize)))
    .returning({ id: walkingTeams.id });
  if (!seat) throw conflict(WalkingEventErrorCodes.teamFull, `このチームは満員です（${row.teamSize}人まで）。`);
  const [moved] = await tx
    .update(walkingParticipants)
    .set({ teamId })
    .where(and(eq(walkingParticipants.id, participantId), isNull(walkingParticipants.teamId)))
    .returning({ total: walkingParticipants.total });
  if (!moved) throw conflict(WalkingEventErrorCodes.inTeam, 'このイベントでは、すでにチームに入っています。');
  await addToTeam(tx, row.id, teamId, Number(moved.total));
}

export async function createWalkingTeam(
  db: Database,
  member: Member,
  input: { eventId: string; name: string },
  now: Date,
): Promise<WalkingTeam> {
  return db.transaction(async (tx) => {
    const row = await memberEvent(tx, member, input.eventId);
    assertTeamsOpen(row, now);
    const participant = await join(tx, row, member, now);
    const [locked] = await tx.select().from(walkingParticipants).where(eq(walkingParticipants.id, participant.id)).for('update');
    if (locked!.teamId) throw conflict(WalkingEventErrorCodes.inTeam, 'このイベントでは、すでにチームに入っています。');
    const [team] = await tx
      .insert(walkingTeams)
      .values({ eventId: row.id, name: input.name, inviteCode: newInviteCode(), createdAt: now })
      .returning();
    await moveInHistogram(tx, row.id, 'teams', null, 0);
    await tx
      .update(walkingEvents)
      .set({ teams: sql`${walkingEvents.teams} + 1` })
      .where(eq(walkingEvents.id, row.id));
    await addToTeamMembers(tx, row, team!.id, participant.id);
    return toTeam(tx, row, team!.id, member.id);
  });
}

async function teamByCode(db: Executor, member: Member, code: string) {
  if (!member.associationId) throw teamNotFound();
  const [found] = await db
    .select({ team: walkingTeams, event: walkingEvents })
    .from(walkingTeams)
    .innerJoin(walkingEvents, eq(walkingEvents.id, walkingTeams.eventId))
    .where(and(eq(walkingTeams.inviteCode, code), eq(walkingEvents.associationId, member.associationId)));
  if (!found) throw notFound('招待コードのチームが見つかりませんでした。コードを確かめてください。');
  return found;
}

export async function getWalkingTeamInvite(db: Executor, member: Member, code: string) {
  const { team, event } = await teamByCode(db, member, code);
  return {
    eventId: event.id,
    eventTitle: event.title,
    startsOn: event.startsOn,
    endsOn: event.endsOn,
    teamName: team.name,
    members: team.members,
    teamSize: event.teamSize,
  };
}

export async function joinWalkingTeam(db: Database, member: Member, code: string, now: Date, publicUrl: string): Promise<WalkingTeam> {
  return db.transaction(async (tx) => {
    const { team, event } = await teamByCode(tx, member, code);
    assertTeamsOpen(event, now);
    const participant = await join(tx, event, member, now);
    const [locked] = await tx.select().from(walkingParticipants).where(eq(walkingParticipants.id, participant.id)).for('update');
    if (locked!.teamId === team.id) return toTeam(tx, event, team.id, member.id);
    if (locked!.teamId) throw conflict(WalkingEventErrorCodes.inTeam, 'このイベントでは、すでにほかのチームに入っています。');
    await addToTeamMembers(tx, event, team.id, participant.id);
    // The team's other members hear of it, once per joining member (decision 0028).
    await notifyTeamJoined(
      tx,
      { event, teamId: team.id, teamName: team.name, participantId: participant.id, userId: member.id, nickname: member.nickname },
      { publicUrl, now },
    );
    return toTeam(tx, event, team.id, member.id);
  });
}

/** The member's own team only: another team's members' days are not theirs to see. */
export async function getWalkingTeam(db: Executor, member: Member, input: { eventId: string; teamId: string }): Promise<WalkingTeam> {
  const row = await memberEvent(db, member, input.eventId);
  const participant = await participantOf(db, row.id, member.id);
  if (!participant?.teamId || participant.teamId !== input.teamId.toLowerCase()) throw teamNotFound();
  return toTeam(db, row, participant.teamId, member.id);
}

/* ---------- Leaderboards ---------- */

const BOARD_TOP = 10;
const AROUND = 2;

interface BoardRow {
  id: string;
  total: number;
  name: string;
  isMe: boolean;
}

async function boardRows(
  db: Executor,
  eventId: string,
  board: Board,
  where: ReturnType<typeof and>,
  order: 'up' | 'down',
  limit: number,
  meKey: string | null,
) {
  if (board === 'members') {
    const rows = await db
      .select({
        id: walkingParticipants.id,
        total: walkingParticipants.total,
        userId: walkingParticipants.userId,
        nickname: users.nickname,
      })
      .from(walkingParticipants)
      .innerJoin(users, eq(users.id, walkingParticipants.userId))
      .where(and(eq(walkingParticipants.eventId, eventId), where))
      .orderBy(
        ...(order === 'down'
          ? [desc(walkingParticipants.total), asc(walkingParticipants.id)]
          : [asc(walkingParticipants.total), desc(walkingParticipants.id)]),
      )
      .limit(limit);
    return rows.map((row): BoardRow => ({
      id: row.id,
      total: Number(row.total),
      name: row.nickname || '参加者',
      isMe: row.userId === meKey,
    }));
  }
  const rows = await db
    .select({ id: walkingTeams.id, total: walkingTeams.total, name: walkingTeams.name })
    .from(walkingTeams)
    .where(and(eq(walkingTeams.eventId, eventId), where))
    .orderBy(...(order === 'down' ? [desc(walkingTeams.total), asc(walkingTeams.id)] : [asc(walkingTeams.total), desc(walkingTeams.id)]))
    .limit(limit);
  return rows.map((row): BoardRow => ({ id: row.id, total: Number(row.total), name: row.name, isMe: row.id === meKey }));
}

async function withRanks(db: Executor, eventId: string, board: Board, rows: BoardRow[]): Promise<WalkingBoardEntry[]> {
  const ranks = new Map<number, number>();
  for (const row of rows) if (!ranks.has(row.total)) ranks.set(row.total, await rankOf(db, eventId, board, row.total));
  return rows.map((row) => ({ rank: ranks.get(row.total)!, name: row.name, total: row.total, isMe: row.isMe }));
}

export async function getWalkingLeaderboard(db: Executor, member: Member, input: { eventId: string; kind: Board }) {
  const row = await memberEvent(db, member, input.eventId);
  const board = input.kind;
  const participant = await participantOf(db, row.id, member.id);
  const meKey = board === 'members' ? member.id : (participant?.teamId ?? null);
  const topRows = await boardRows(db, row.id, board, undefined, 'down', BOARD_TOP, meKey);
  // The top from rank 1: each rank follows from the one before (ties share it). A closed event's
  // ranks stand as paid: a member who left the service since is no longer listed but still holds
  // their place in the histogram (decision 0028), so its ranks are the histogram's.
  let top: WalkingBoardEntry[] = [];
  if (row.closedAt) top = await withRanks(db, row.id, board, topRows);
  else
    topRows.forEach((entry, index) => {
      const rank = index > 0 && topRows[index - 1]!.total === entry.total ? top[index - 1]!.rank : index + 1;
      top.push({ rank, name: entry.name, total: entry.total, isMe: entry.isMe });
    });
  let aroundMe: WalkingBoardEntry[] = [];
  const mine =
    board === 'members'
      ? participant && { id: participant.id, total: Number(participant.total) }
      : meKey &&
        (await db.select({ id: walkingTeams.id, total: walkingTeams.total }).from(walkingTeams).where(eq(walkingTeams.id, meKey)))[0];
  if (mine) {
    const table = board === 'members' ? walkingParticipants : walkingTeams;
    const total = Number(mine.total);
    // Each neighbour an index range: the same total on either side of the id, then the totals beyond.
    const sameAbove = await boardRows(db, row.id, board, and(eq(table.total, total), lt(table.id, mine.id)), 'up', AROUND, meKey);
    const higher = await boardRows(db, row.id, board, gt(table.total, total), 'up', AROUND, meKey);
    const self = await boardRows(db, row.id, board, eq(table.id, mine.id), 'down', 1, meKey);
    const sameBelow = await boardRows(db, row.id, board, and(eq(table.total, total), gt(table.id, mine.id)), 'down', AROUND, meKey);
    const lower = await boardRows(db, row.id, board, lt(table.total, total), 'down', AROUND, meKey);
    const above = [...sameAbove, ...higher].slice(0, AROUND).reverse();
    const below = [...sameBelow, ...lower].slice(0, AROUND);
    aroundMe = await withRanks(db, row.id, board, [...above, ...self, ...below]);
  }
  return { top, aroundMe };
}

/* ---------- Operators ---------- */

interface OperatorContext {
  db: Database;
  actor: Actor;
  operator: Operator;
  now: Date;
}

/**
 * The operator's view of events: each one's held days (the review queue's partial index) and
 * whether its payout is done (the fan-outs' (kind, item) key). Two statements for the whole
 * list, whatever its length.
 */
async function toOperatorEvents(db: Executor, rows: EventRow[], now: Date): Promise<OperatorWalkingEvent[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const closedIds = rows.filter((row) => row.closedAt).map((row) => row.id);
  const held = await db
    .select({ eventId: walkingDays.eventId, value: count() })
    .from(walkingDays)
    .where(and(inArray(walkingDays.eventId, ids), eq(walkingDays.status, 'held')))
    .groupBy(walkingDays.eventId);
  const payouts =
    closedIds.length === 0
      ? []
      : await db
          .select({ itemId: notificationFanouts.itemId, doneAt: notificationFanouts.doneAt })
          .from(notificationFanouts)
          .where(and(eq(notificationFanouts.kind, 'walking_result'), inArray(notificationFanouts.itemId, closedIds)));
  const heldDays = new Map(held.map((row) => [row.eventId, Number(row.value)]));
  const paidOut = new Set(payouts.filter((row) => row.doneAt).map((row) => row.itemId));
  return rows.map((row) => ({
    ...eventFields(row, now),
    programId: row.programId,
    heldDays: heldDays.get(row.id) ?? 0,
    // Closed and its payout's cursor done.
    paidOut: row.closedAt !== null && paidOut.has(row.id),
  }));
}

async function toOperatorEvent(db: Executor, row: EventRow, now: Date): Promise<OperatorWalkingEvent> {
  const [event] = await toOperatorEvents(db, [row], now);
  return event!;
}

async function operatorEvent(db: Executor, associationId: string, eventId: string, lock = false): Promise<EventRow> {
  const query = db
    .select()
    .from(walkingEvents)
    .where(and(eq(walkingEvents.id, eventId.toLowerCase()), eq(walkingEvents.associationId, associationId.toLowerCase())));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw eventNotFound();
  return row;
}

export async function listOperatorWalkingEvents(
  db: Executor,
  associationId: string,
  now: Date,
): Promise<{ items: OperatorWalkingEvent[] }> {
  const rows = await db
    .select()
    .from(walkingEvents)
    .where(eq(walkingEvents.associationId, associationId.toLowerCase()))
    .orderBy(desc(walkingEvents.endsOn), desc(walkingEvents.id))
    .limit(100);
  return { items: await toOperatorEvents(db, rows, now) };
}

export async function createOperatorWalkingEvent(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'createOperatorWalkingEvent'>,
): Promise<OperatorWalkingEvent> {
  const associationId = input.associationId.toLowerCase();
  return db.transaction(async (tx) => {
    const [program] = await tx
      .select({ id: pointPrograms.id })
      .from(pointPrograms)
      .where(and(eq(pointPrograms.id, input.programId.toLowerCase()), eq(pointPrograms.associationId, associationId)));
    if (!program) {
      throw new HttpError(400, ErrorCodes.invalidParameters, 'ポイントプログラムが見つかりません。', {
        programId: ['ポイントプログラムを選んでください'],
      });
    }
    const tiers = (list: RankReward[]) => JSON.stringify([...list].sort((a, b) => a.upToRank - b.upToRank));
    const [row] = await tx
      .insert(walkingEvents)
      .values({
        associationId,
        programId: program.id,
        title: input.title,
        description: input.description,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        graceDays: input.graceDays,
        mode: input.mode,
        teamSize: input.teamSize,
        dailyLimit: input.dailyLimit,
        finishSteps: input.finishSteps ?? null,
        finishPoints: input.finishPoints,
        rankRewards: tiers(input.mode === 'team' ? [] : input.rankRewards),
        teamRankRewards: tiers(input.mode === 'solo' ? [] : input.teamRankRewards),
        createdAt: now,
      })
      .returning();
    await auditOperator(tx, actor, 'walking_event_created', operator.id, associationId, { walkingEventId: row!.id }, now);
    return toOperatorEvent(tx, row!, now);
  });
}

type HeldDay = typeof walkingDays.$inferSelect;

async function toHeldDay(db: Executor, day: HeldDay) {
  const [before] = await db
    .select({ steps: walkingDays.steps })
    .from(walkingDays)
    .where(and(eq(walkingDays.participantId, day.participantId), eq(walkingDays.day, addDays(day.day, -1))));
  return {
    id: day.id,
    participantId: day.participantId,
    day: day.day,
    steps: day.steps,
    previousDaySteps: before?.steps ?? null,
    reason: day.reason ?? 'over_limit',
  };
}

export async function listOperatorWalkingHeldDays(db: Executor, input: { associationId: string; eventId: string }) {
  const row = await operatorEvent(db, input.associationId, input.eventId);
  const days = await db
    .select()
    .from(walkingDays)
    .where(and(eq(walkingDays.eventId, row.id), eq(walkingDays.status, 'held')))
    .orderBy(asc(walkingDays.day), asc(walkingDays.id))
    .limit(100);
  const items = [];
  for (const day of days) items.push(await toHeldDay(db, day));
  return { items };
}

export async function decideOperatorWalkingDay(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'decideOperatorWalkingDay'>,
) {
  return db.transaction(async (tx) => {
    const row = await operatorEvent(tx, input.associationId, input.eventId);
    if (row.closedAt) throw conflict(WalkingEventErrorCodes.closed, 'このイベントは締め切られています。');
    const [day] = await tx
      .select()
      .from(walkingDays)
      .where(and(eq(walkingDays.id, input.dayId.toLowerCase()), eq(walkingDays.eventId, row.id)))
      .for('update');
    if (!day) throw notFound('確認中の日が見つかりませんでした。');
    if (day.status !== 'held') throw conflict(WalkingEventErrorCodes.notHeld, 'この日はすでに判定済みです。');
    const approved = input.decision === 'approve';
    const counted = approved ? day.steps : 0;
    const [decided] = await tx
      .update(walkingDays)
      .set({ status: approved ? 'approved' : 'refused', counted, decidedAt: now, updatedAt: now })
      .where(eq(walkingDays.id, day.id))
      .returning();
    await addToParticipant(tx, day.participantId, counted - day.counted);
    await auditOperator(
      tx,
      actor,
      'walking_day_decided',
      operator.id,
      row.associationId,
      { walkingEventId: row.id, dayId: day.id, decision: input.decision },
      now,
    );
    return toHeldDay(tx, decided!);
  });
}

/** The points of a rank in tiers sorted by upToRank: the first tier that reaches it. */
const tierPoints = (tiers: RankReward[], rank: number) => tiers.find((tier) => rank <= tier.upToRank)?.points ?? 0;

/** Participants paid per payout batch (one transaction each). */
export const WALKING_PAYOUT_BATCH = 2000;
/**
 * Batches the operator's close runs itself: an event of up to one batch is paid when the call
 * answers (a batch takes seconds; the client gives up after 30); the job pays the rest.
 */
export const WALKING_CLOSE_BATCHES = 1;

export interface PayoutOptions {
  /** For the result mails' links. */
  publicUrl: string;
  batch?: number;
  /** At most this many batches (undefined: until paid out). */
  maxBatches?: number;
}

/**
 * The payout's cursor: the event's `walking_result` row in notification_fanouts (the results go
 * with the payout), written in the close's transaction; `after_user_id` is the last member paid,
 * `done_at` the end of the payout. Unfinished ones are a partial index (the job's backlog).
 */
async function startPayout(tx: Executor, row: EventRow, now: Date): Promise<void> {
  await tx
    .insert(notificationFanouts)
    .values({ kind: 'walking_result', itemId: row.id, associationId: row.associationId, cutoff: now, createdAt: now })
    .onConflictDoNothing();
}

/**
 * One payout batch, in one transaction: the payout's cursor row locked (two workers never pay the
 * same batch: the second waits, then reads the cursor moved), the next participants by member id
 * after it (the (event_id, user_id) index), each paid what they earned with the key
 * `walking:<event>:<member>` (a second transfer is refused anyway), their reward recorded (0:
 * nothing), their result mail enqueued, and the cursor moved past them — or the payout done when
 * fewer were left. Ranks come from the histograms, frozen since closed_at. A failure rolls all of
 * it back: the cursor stays where it was.
 */
async function payoutBatch(db: Database, eventId: string, now: Date, options: { publicUrl: string; batch: number }) {
  return db.transaction(async (tx) => {
    const cursorOf = and(eq(notificationFanouts.kind, 'walking_result'), eq(notificationFanouts.itemId, eventId));
    const [cursor] = await tx.select().from(notificationFanouts).where(cursorOf).for('update');
    if (!cursor || cursor.doneAt) return { paid: 0, done: true };
    const [row] = await tx.select().from(walkingEvents).where(eq(walkingEvents.id, eventId));
    if (!row) {
      // The event is gone (its participants with it): nothing left to pay.
      await tx.update(notificationFanouts).set({ doneAt: now }).where(cursorOf);
      return { paid: 0, done: true };
    }
    const entries = await tx
      .select({
        id: walkingParticipants.id,
        userId: walkingParticipants.userId,
        total: walkingParticipants.total,
        teamTotal: walkingTeams.total,
        email: users.email,
        notify: sql<boolean>`${mayBeNotified('walking')}`,
      })
      .from(walkingParticipants)
      .innerJoin(users, eq(users.id, walkingParticipants.userId))
      .leftJoin(walkingTeams, eq(walkingTeams.id, walkingParticipants.teamId))
      .where(
        and(
          eq(walkingParticipants.eventId, row.id),
          cursor.afterUserId === null ? undefined : gt(walkingParticipants.userId, cursor.afterUserId),
        ),
      )
      .orderBy(asc(walkingParticipants.userId))
      .limit(options.batch)
      // The participants before their points accounts, in the order a leaving takes them
      // (walking-member-records.ts), so a payout and a leaving never deadlock.
      .for('update', { of: walkingParticipants });
    const tiers = rewardsOf(row.rankRewards);
    const maxRank = Math.max(0, ...tiers.map((tier) => tier.upToRank));
    const teamTiers = rewardsOf(row.teamRankRewards);
    const maxTeamRank = Math.max(0, ...teamTiers.map((tier) => tier.upToRank));
    const finish = row.finishSteps && row.finishPoints > 0 ? row.finishSteps : null;
    // Totals repeat (everyone at 0, ties): a rank is read once per board and total in a batch.
    const ranks = new Map<string, number>();
    const rank = async (board: Board, total: number) => {
      const key = `${board}:${total}`;
      if (!ranks.has(key)) ranks.set(key, await rankOf(tx, row.id, board, total));
      return ranks.get(key)!;
    };
    const byPoints = new Map<number, string[]>();
    const mails = [];
    for (const entry of entries) {
      const total = Number(entry.total);
      const memberRank = await rank('members', total);
      let points = 0;
      if (total > 0 && memberRank <= maxRank) points += tierPoints(tiers, memberRank);
      if (finish && total >= finish) points += row.finishPoints;
      const teamTotal = entry.teamTotal === null ? 0 : Number(entry.teamTotal);
      if (teamTotal > 0 && maxTeamRank > 0) {
        const teamRank = await rank('teams', teamTotal);
        if (teamRank <= maxTeamRank) points += tierPoints(teamTiers, teamRank);
      }
      if (points > 0) {
        await credit(tx, {
          kind: 'prize',
          userId: entry.userId,
          programId: row.programId,
          amount: points,
          description: `ウォーキングイベント「${row.title}」の報酬`,
          reference: row.id,
          idempotencyKey: `walking:${row.id}:${entry.userId}`,
          now,
        });
      }
      byPoints.set(points, [...(byPoints.get(points) ?? []), entry.id]);
      if (entry.notify) {
        mails.push(resultMail(row, { userId: entry.userId, email: entry.email, rank: memberRank, total, points }, options.publicUrl));
      }
    }
    // What each was paid (0: nothing): one statement per amount.
    for (const [points, ids] of byPoints) {
      await tx.update(walkingParticipants).set({ rewardPoints: points }).where(inArray(walkingParticipants.id, ids));
    }
    const delivered = await deliverNotifications(tx, 'walking_result', mails, { publicUrl: options.publicUrl, now });
    const done = entries.length < options.batch;
    await tx
      .update(notificationFanouts)
      .set({
        afterUserId: entries.at(-1)?.userId ?? cursor.afterUserId,
        recipients: sql`${notificationFanouts.recipients} + ${delivered}`,
        ...(done ? { doneAt: now } : {}),
      })
      .where(cursorOf);
    return { paid: entries.length, done };
  });
}

/** Pays a closed event's participants in batches, from its cursor, until paid out (or maxBatches). */
export async function payWalkingEvent(
  db: Database,
  eventId: string,
  now: Date,
  options: PayoutOptions,
): Promise<{ paid: number; done: boolean }> {
  const batch = Math.max(1, options.batch ?? WALKING_PAYOUT_BATCH);
  let paid = 0;
  for (let batches = 0; options.maxBatches === undefined || batches < options.maxBatches; batches += 1) {
    const result = await payoutBatch(db, eventId, now, { publicUrl: options.publicUrl, batch });
    paid += result.paid;
    if (result.done) return { paid, done: true };
  }
  return { paid, done: false };
}

/**
 * Closes the event (after its grace days) in one short transaction: the event row locked, closed_at
 * set (the ranks freeze: the step-day observer ignores a closed event). A second or concurrent close
 * waits on the lock and finds it closed. Then the call pays the first batches itself (up to
 * maxBatches, WALKING_CLOSE_BATCHES by default; a close of an event already closed helps too), and
 * the incentives job pays the rest (payDueWalkingEvents).
 */
export async function closeWalkingEvent(
  db: Database,
  associationId: string,
  eventId: string,
  now: Date,
  options: PayoutOptions & { audit?: { actor: Actor; operatorId: string } },
): Promise<OperatorWalkingEvent> {
  const row = await db.transaction(async (tx) => {
    const row = await operatorEvent(tx, associationId, eventId, true);
    if (row.closedAt) return row;
    if (japanDay(now) < closableOn(row)) {
      throw conflict(WalkingEventErrorCodes.notClosable, `猶予期間が終わる${closableOn(row)}から締められます。`);
    }
    const [closed] = await tx.update(walkingEvents).set({ closedAt: now }).where(eq(walkingEvents.id, row.id)).returning();
    await startPayout(tx, closed!, now);
    if (options.audit) {
      await auditOperator(
        tx,
        options.audit.actor,
        'walking_event_closed',
        options.audit.operatorId,
        row.associationId,
        { walkingEventId: row.id },
        now,
      );
    }
    return closed!;
  });
  await payWalkingEvent(db, row.id, now, {
    publicUrl: options.publicUrl,
    batch: options.batch,
    maxBatches: options.maxBatches ?? WALKING_CLOSE_BATCHES,
  });
  return toOperatorEvent(db, row, now);
}

/** The events whose grace days have ended, closed (the incentives job; payDueWalkingEvents pays them). */
export async function closeDueWalkingEvents(db: Database, now: Date, publicUrl: string): Promise<number> {
  const due = await db
    .select({
      id: walkingEvents.id,
      associationId: walkingEvents.associationId,
      endsOn: walkingEvents.endsOn,
      graceDays: walkingEvents.graceDays,
    })
    .from(walkingEvents)
    .where(and(isNull(walkingEvents.closedAt), lt(walkingEvents.endsOn, japanDay(now))))
    .orderBy(asc(walkingEvents.endsOn))
    .limit(100);
  let closed = 0;
  for (const event of due) {
    if (japanDay(now) < addDays(event.endsOn, event.graceDays + 1)) continue;
    await closeWalkingEvent(db, event.associationId, event.id, now, { publicUrl, maxBatches: 0 });
    closed += 1;
  }
  return closed;
}

/**
 * The payout of every event closed and not yet paid out (the unfinished `walking_result` cursors,
 * a partial index), oldest close first, each until paid out. One event failing does not hold up
 * the others; the pass fails after them, and the next pass resumes it from its cursor.
 */
export async function payDueWalkingEvents(db: Database, now: Date, options: Omit<PayoutOptions, 'maxBatches'>): Promise<number> {
  let paid = 0;
  let failure: unknown = null;
  for (const cursor of await openFanouts(db, ['walking_result'])) {
    try {
      paid += (await payWalkingEvent(db, cursor.itemId, now, options)).paid;
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return paid;
}

/** For /metrics: the events closed and not paid out yet, and since when the oldest waits. */
export async function walkingPayoutLag(db: Executor): Promise<{ backlog: number; oldestAt: Date | null }> {
  const [row] = await db
    .select({ backlog: count(), oldestAt: min(notificationFanouts.createdAt) })
    .from(notificationFanouts)
    .where(and(isNull(notificationFanouts.doneAt), eq(notificationFanouts.kind, 'walking_result')));
  return { backlog: Number(row?.backlog ?? 0), oldestAt: row?.oldestAt ?? null };
}

export const walkingEventHandlers = {
  listWalkingEvents: (_input, { db, member, now }) => listWalkingEvents(db, member, now),
  getWalkingEvent: (input, { db, member, now }) => getWalkingEvent(db, member, input.eventId, now),
  getWalkingLeaderboard: (input, { db, member }) => getWalkingLeaderboard(db, member, input),
  joinWalkingEvent: (input, { db, member, now }) => joinWalkingEvent(db, member, input.eventId, now),
  leaveWalkingEvent: (input, { db, member, now }) => leaveWalkingEvent(db, member, input.eventId, now),
  createWalkingTeam: (input, { db, member, now }) => createWalkingTeam(db, member, input, now),
  getWalkingTeamInvite: (input, { db, member }) => getWalkingTeamInvite(db, member, input.code),
  joinWalkingTeam: (input, { db, member, now, config }) => joinWalkingTeam(db, member, input.code, now, config.publicUrl),
  leaveWalkingTeam: (input, { db, member, now }) => leaveWalkingTeam(db, member, input.eventId, now),
  getWalkingTeam: (input, { db, member }) => getWalkingTeam(db, member, input),
  listOperatorWalkingEvents: (input, { db, now }) => listOperatorWalkingEvents(db, input.associationId, now),
  createOperatorWalkingEvent: (input, context) => createOperatorWalkingEvent(context, input),
  listOperatorWalkingHeldDays: (input, { db }) => listOperatorWalkingHeldDays(db, input),
  decideOperatorWalkingDay: (input, context) => decideOperatorWalkingDay(context, input),
  closeOperatorWalkingEvent: (input, { db, actor, operator, now, config }) =>
    closeWalkingEvent(db, input.associationId, input.eventId, now, {
      publicUrl: config.publicUrl,
      audit: { actor, operatorId: operator.id },
    }),
} satisfies Partial<Handlers>;
