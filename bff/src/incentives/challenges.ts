// Monthly challenges (issue 29, decision 0029): the only writer of `challenges` and
// `challenge_entries`.
//
// - Operators define a challenge once (kind, target days, points); it is offered every month while
//   active. Its points are a point menu of kind `challenge_completed` (event kind
//   `challenge_completed:<challenge>`), so a completion earns through the earning rules (consent,
//   the program's daily ceiling, earning marks: once per event).
// - A member takes a challenge for the current month (Japan). Only the month's days count, those
//   before joining too. A day counts by the health area's records, read from the member's own index
//   range of the month: a blood-pressure day is a day with a reading recorded on it or the next day
//   (the earning rules' "late" rule: a reading dated back later counts for nothing); a step day is a
//   device's or the app's count (not a hand entry, the member's word) that is `counted` (not held
//   for review) and reaches the challenge's steps. A reading deleted and entered again is still one
//   day; a day is never counted twice.
// - Completion is judged where activity is settled (the platform's settler, in the writer's
//   transaction: a reading, a step count, a sync, an app's batch), and on joining: only the member's
//   open entries of this month (and of last month on its next day) are read, each one index range.
//   The entry is completed by a conditional update (`completed_at is null`), so two writes at once
//   complete it once; the completion records one activity event, which the menu pays once.
import { randomUUID } from 'node:crypto';
import { ErrorCodes, MEASURED_STEP_SOURCES, type Challenge, type OperatorChallenge, type ParsedInput, japanDay } from '@sukoyaka/contract';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { bloodPressures, challengeEntries, challenges, pointMenus, pointPrograms, steps } from '../db/schema';
import { recordActivity, settleActivities } from '../platform/activity-events';
import type { Actor } from '../platform/actor';
import { HttpError, notFound } from '../platform/errors';
import type { Handlers, Member } from '../platform/handlers';
import { exportTimestamp as iso, type MemberRecordsKeeper } from '../platform/member-records';
import { auditOperator, type Operator } from '../platform/operators';
import { addMenus } from './operator';
import { assertAgreed, programOf, settleEarnings } from './programs';

type Row = typeof challenges.$inferSelect;
type EntryRow = typeof challengeEntries.$inferSelect;

const challengeNotFound = () => notFound('チャレンジが見つかりませんでした。');

/** The event a completion records; the challenge's menu rewards it. */
export const challengeCompletedKind = (challengeId: string) => `challenge_completed:${challengeId}`;

// ---- months (Japan) ----------------------------------------------------------------------------

/** The first day (yyyy-MM-01) of the Japanese month of a day (yyyy-MM-dd). */
export const monthStartOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The last day (yyyy-MM-dd) of the month starting on `monthStart`. */
export function monthEndOf(monthStart: string): string {
  const [year, month] = monthStart.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The moment a Japanese day starts. */
const dayStartsAt = (day: string) => new Date(`${day}T00:00:00+09:00`);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

// ---- progress ---------------------------------------------------------------------------------

type Rule = Pick<Row, 'kind' | 'minSteps'>;

/**
 * The days of the month that count for the rule, oldest first: one index range of the member's
 * month (blood_pressures_user_measured_idx, steps_user_day_idx), at most a month of rows.
 */
async function countedDays(db: Executor, userId: string, rule: Rule, monthStart: string): Promise<string[]> {
  const monthEnd = monthEndOf(monthStart);
  if (rule.kind === 'step_days') {
    const rows = await db
      .select({ day: steps.day })
      .from(steps)
      .where(
        and(
          eq(steps.userId, userId),
          gte(steps.day, monthStart),
          lte(steps.day, monthEnd),
          eq(steps.status, 'counted'),
          inArray(steps.source, [...MEASURED_STEP_SOURCES]),
          gte(steps.steps, rule.minSteps ?? Number.MAX_SAFE_INTEGER),
        ),
      )
      .orderBy(asc(steps.day));
    return rows.map((row) => row.day);
  }
  const measuredDay = sql`(${bloodPressures.measuredAt} at time zone 'Asia/Tokyo')::date`;
  const rows = await db
    .selectDistinct({ day: sql<string>`to_char(${measuredDay}, 'YYYY-MM-DD')` })
    .from(bloodPressures)
    .where(
      and(
        eq(bloodPressures.userId, userId),
        gte(bloodPressures.measuredAt, dayStartsAt(monthStart)),
        sql`${bloodPressures.measuredAt} < ${dayStartsAt(nextDay(monthEnd)).toISOString()}`,
        // Recorded on its day or the next: a reading dated back later does not count.
        sql`(${bloodPressures.createdAt} at time zone 'Asia/Tokyo')::date <= ${measuredDay} + 1`,
      ),
    )
    .orderBy(sql`1`);
  return rows.map((row) => row.day);
}

/** Progress of several entries of one member, the rules' days read once per distinct rule and month. */
function progressReader(db: Executor, userId: string) {
  const cache = new Map<string, Promise<string[]>>();
  return (rule: Rule, monthStart: string) => {
    const key = `${rule.kind}|${rule.minSteps ?? ''}|${monthStart}`;
    let days = cache.get(key);
    if (!days) {
      days = countedDays(db, userId, rule, monthStart);
      cache.set(key, days);
    }
    return days;
  };
}

// ---- members ----------------------------------------------------------------------------------

interface Offered {
  row: Row;
  points: number;
}

function toChallenge(offered: Offered, monthStart: string, entry: EntryRow | undefined, days: string[]): Challenge {
  const { row, points } = offered;
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    targetDays: row.targetDays,
    minSteps: row.minSteps,
    points,
    month: monthStart.slice(0, 7),
    monthEnd: monthEndOf(monthStart),
    joinedAt: entry?.joinedAt.toISOString() ?? null,
    progressDays: entry ? days.length : 0,
    countedDays: entry ? days : [],
    completedAt: entry?.completedAt?.toISOString() ?? null,
  };
}

const withPoints = (db: Executor) =>
  db.select({ row: challenges, points: pointMenus.points }).from(challenges).innerJoin(pointMenus, eq(pointMenus.id, challenges.menuId));

/**
 * This month's challenges of the member's association: the active ones (at most 50, oldest first)
 * and any the member took this month and the operators stopped since. Progress for those taken.
 */
export async function listChallenges(db: Executor, member: Member, now: Date): Promise<{ month: string; items: Challenge[] }> {
  const monthStart = monthStartOf(japanDay(now));
  if (!member.associationId) return { month: monthStart.slice(0, 7), items: [] };
  const entries = await db
    .select()
    .from(challengeEntries)
    .where(and(eq(challengeEntries.userId, member.id), eq(challengeEntries.month, monthStart)));
  const taken = new Map(entries.map((entry) => [entry.challengeId, entry]));
  const offered = await withPoints(db)
    .where(
      and(
        eq(challenges.associationId, member.associationId),
        taken.size > 0 ? or(eq(challenges.active, true), inArray(challenges.id, [...taken.keys()])) : eq(challenges.active, true),
      ),
    )
    .orderBy(asc(challenges.createdAt), asc(challenges.id))
    .limit(50 + taken.size);
  const progress = progressReader(db, member.id);
  const items: Challenge[] = [];
  for (const item of offered) {
    const entry = taken.get(item.row.id);
    items.push(toChallenge(item, monthStart, entry, entry ? await progress(item.row, monthStart) : []));
  }
  return { month: monthStart.slice(0, 7), items };
}

/** One challenge offered to the member this month (active, or taken this month), or 404. */
async function offeredChallenge(db: Executor, member: Member, challengeId: string, monthStart: string) {
  if (!member.associationId) throw challengeNotFound();
  const [item] = await withPoints(db).where(
    and(eq(challenges.id, challengeId.toLowerCase()), eq(challenges.associationId, member.associationId)),
  );
  if (!item) throw challengeNotFound();
  const [entry] = await db
    .select()
    .from(challengeEntries)
    .where(
      and(eq(challengeEntries.userId, member.id), eq(challengeEntries.month, monthStart), eq(challengeEntries.challengeId, item.row.id)),
    );
  if (!item.row.active && !entry) throw challengeNotFound();
  return { item, entry };
}

export async function getChallenge(db: Executor, member: Member, challengeId: string, now: Date): Promise<Challenge> {
  const monthStart = monthStartOf(japanDay(now));
  const { item, entry } = await offeredChallenge(db, member, challengeId, monthStart);
  return toChallenge(item, monthStart, entry, entry ? await countedDays(db, member.id, item.row, monthStart) : []);
}

/**
 * Takes the challenge for this month (again: nothing more). The month's days recorded already
 * count, so it may complete at once: settled in the same transaction, as a reading's would be.
 */
export async function joinChallenge(db: Database, member: Member, challengeId: string, now: Date): Promise<Challenge> {
  const monthStart = monthStartOf(japanDay(now));
  return db.transaction(async (tx) => {
    const { item } = await offeredChallenge(tx, member, challengeId, monthStart);
    // Its points are the program's: a program that asks for consent has it first (403, nothing taken).
    await assertAgreed(tx, member.id, await programOf(tx, member, item.row.programId));
    const joined = await tx
      .insert(challengeEntries)
      .values({ challengeId: item.row.id, userId: member.id, month: monthStart, joinedAt: now })
      .onConflictDoNothing({ target: [challengeEntries.userId, challengeEntries.month, challengeEntries.challengeId] })
      .returning({ id: challengeEntries.id });
    if (joined.length > 0) await settleActivities(tx, member.id, now);
    const [entry] = await tx
      .select()
      .from(challengeEntries)
      .where(
        and(eq(challengeEntries.userId, member.id), eq(challengeEntries.month, monthStart), eq(challengeEntries.challengeId, item.row.id)),
      );
    return toChallenge(item, monthStart, entry, await countedDays(tx, member.id, item.row, monthStart));
  });
}

// ---- completion --------------------------------------------------------------------------------

/**
 * Completes the member's open entries whose month now has enough days, in the writer's
 * transaction: this month's, and last month's while its last day may still be recorded (the day
 * after). Costs one probe of the member's entries, then one index range per open entry.
 */
export async function settleChallenges(tx: Executor, userId: string, now: Date): Promise<number> {
  const today = japanDay(now);
  const yesterday = japanDay(new Date(now.getTime() - 86_400_000));
  const months = [...new Set([monthStartOf(today), monthStartOf(yesterday)])];
  const open = await tx
    .select({ entry: challengeEntries, rule: { kind: challenges.kind, minSteps: challenges.minSteps, targetDays: challenges.targetDays } })
    .from(challengeEntries)
    .innerJoin(challenges, eq(challenges.id, challengeEntries.challengeId))
    .where(and(eq(challengeEntries.userId, userId), inArray(challengeEntries.month, months), isNull(challengeEntries.completedAt)));
  if (open.length === 0) return 0;
  const progress = progressReader(tx, userId);
  let completed = 0;
  for (const { entry, rule } of open) {
    if ((await progress(rule, entry.month)).length < rule.targetDays) continue;
    const [done] = await tx
      .update(challengeEntries)
      .set({ completedAt: now })
      .where(and(eq(challengeEntries.id, entry.id), isNull(challengeEntries.completedAt)))
      .returning({ id: challengeEntries.id });
    if (!done) continue;
    // Last month's completion, on its next day, is dated on its last day: on time for the earning rules.
    const monthEnd = monthEndOf(entry.month);
    await recordActivity(tx, userId, challengeCompletedKind(entry.challengeId), today < monthEnd ? today : monthEnd);
    completed += 1;
  }
  return completed;
}

/**
 * The platform's activity settler (app.ts registers it): the member's challenges first (a
 * completion records an event), then what the events earn.
 */
export const settleChallengesAndEarnings = async (tx: Executor, userId: string, now: Date): Promise<void> => {
  await settleChallenges(tx, userId, now);
  await settleEarnings(tx, userId, now);
};

// ---- operators ---------------------------------------------------------------------------------

const toOperatorChallenge = ({ row, points }: Offered): OperatorChallenge => ({
  id: row.id,
  pointId: row.programId,
  title: row.title,
  kind: row.kind,
  targetDays: row.targetDays,
  minSteps: row.minSteps,
  points,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
});

export async function listOperatorChallenges(db: Executor, associationId: string): Promise<{ items: OperatorChallenge[] }> {
  const rows = await withPoints(db)
    .where(eq(challenges.associationId, associationId.toLowerCase()))
    .orderBy(desc(challenges.createdAt), desc(challenges.id))
    .limit(100);
  return { items: rows.map(toOperatorChallenge) };
}

interface OperatorContext {
  db: Database;
  actor: Actor;
  operator: Operator;
  now: Date;
}

export async function createOperatorChallenge(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'createOperatorChallenge'>,
): Promise<OperatorChallenge> {
  const associationId = input.associationId.toLowerCase();
  return db.transaction(async (tx) => {
    const [program] = await tx
      .select()
      .from(pointPrograms)
      .where(and(eq(pointPrograms.id, input.pointId.toLowerCase()), eq(pointPrograms.associationId, associationId)));
    if (!program) throw notFound('ポイントが見つかりませんでした。');
    // The program pays a member at most its daily ceiling a day: a challenge promising more would pay less.
    if (input.points > program.dailyPointCeiling) {
      const message = `ポイント数は${program.dailyPointCeiling.toLocaleString('ja-JP')}以下で入力してください（1日に付与できる上限）`;
      throw new HttpError(400, ErrorCodes.invalidParameters, message, { points: [message] });
    }
    // The challenge's id is chosen first: its menu's event kind names it.
    const id = randomUUID();
    const [menuId] = await addMenus(tx, program.id, [
      { kind: 'challenge_completed', challengeId: id, title: `チャレンジ達成：${input.title}`, points: input.points },
    ]);
    const [row] = await tx
      .insert(challenges)
      .values({
        id,
        associationId,
        programId: program.id,
        menuId: menuId!,
        title: input.title,
        kind: input.kind,
        targetDays: input.targetDays,
        minSteps: input.kind === 'step_days' ? input.minSteps! : null,
        createdAt: now,
      })
      .returning();
    await auditOperator(tx, actor, 'challenge_created', operator.id, associationId, { challengeId: id }, now);
    return toOperatorChallenge({ row: row!, points: input.points });
  });
}

export async function setChallengeActive(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'setOperatorChallengeActive'>,
): Promise<OperatorChallenge> {
  const associationId = input.associationId.toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(challenges)
      .set({ active: input.active })
      .where(and(eq(challenges.id, input.challengeId.toLowerCase()), eq(challenges.associationId, associationId)))
      .returning({ id: challenges.id });
    if (!row) throw challengeNotFound();
    await auditOperator(
      tx,
      actor,
      input.active ? 'challenge_offered' : 'challenge_withdrawn',
      operator.id,
      associationId,
      { challengeId: row.id },
      now,
    );
    const [item] = await withPoints(tx).where(eq(challenges.id, row.id));
    return toOperatorChallenge(item!);
  });
}

/**
 * The demo's challenges (README "Demo account"): two offered every month, the demo member taking
 * the blood-pressure one this month (its progress on home). Written by the seed, in its transaction.
 */
export async function seedDemoChallenges(
  db: Database,
  member: { id: string; associationId: string },
  pointId: string,
  now: Date,
): Promise<void> {
  const specs = [
    { title: '今月20日、血圧を記録する', kind: 'blood_pressure_days' as const, targetDays: 20, minSteps: null, points: 100 },
    { title: '8,000歩を15日', kind: 'step_days' as const, targetDays: 15, minSteps: 8000, points: 150 },
  ];
  const ids: string[] = [];
  for (const spec of specs) {
    const id = randomUUID();
    const [menuId] = await addMenus(db, pointId, [
      { kind: 'challenge_completed', challengeId: id, title: `チャレンジ達成：${spec.title}`, points: spec.points },
    ]);
    await db.insert(challenges).values({
      id,
      associationId: member.associationId,
      programId: pointId,
      menuId: menuId!,
      title: spec.title,
      kind: spec.kind,
      targetDays: spec.targetDays,
      minSteps: spec.minSteps,
      createdAt: now,
    });
    ids.push(id);
  }
  await db.insert(challengeEntries).values({ challengeId: ids[0]!, userId: member.id, month: monthStartOf(japanDay(now)), joinedAt: now });
}

// ---- the member's download and leaving ----------------------------------------------------------

export const challengesMemberRecords: MemberRecordsKeeper = {
  area: 'challenges',
  async collect({ db, userId }) {
    const rows = await db
      .select({
        month: challengeEntries.month,
        title: challenges.title,
        joinedAt: challengeEntries.joinedAt,
        completedAt: challengeEntries.completedAt,
      })
      .from(challengeEntries)
      .innerJoin(challenges, eq(challenges.id, challengeEntries.challengeId))
      .where(eq(challengeEntries.userId, userId))
      .orderBy(asc(challengeEntries.month), asc(challengeEntries.joinedAt));
    return {
      tables: [
        {
          kind: 'challenges',
          title: '参加したチャレンジ',
          columns: [
            ['month', '月'],
            ['title', 'チャレンジ'],
            ['joinedAt', '参加日時'],
            ['completedAt', '達成日時'],
          ],
          rows: rows.map((row) => ({
            month: row.month.slice(0, 7),
            title: row.title,
            joinedAt: iso(row.joinedAt),
            completedAt: row.completedAt ? iso(row.completedAt) : null,
          })),
        },
      ],
    };
  },
  async erase({ tx, userId }) {
    const deleted = await tx.delete(challengeEntries).where(eq(challengeEntries.userId, userId)).returning({ id: challengeEntries.id });
    return { audit: { challengeEntries: deleted.length } };
  },
};

export const challengeHandlers = {
  listChallenges: (_input, { db, member, now }) => listChallenges(db, member, now),
  getChallenge: (input, { db, member, now }) => getChallenge(db, member, input.challengeId, now),
  joinChallenge: (input, { db, member, now }) => joinChallenge(db, member, input.challengeId, now),
  listOperatorChallenges: (input, { db }) => listOperatorChallenges(db, input.associationId),
  createOperatorChallenge: (input, context) => createOperatorChallenge(context, input),
  setOperatorChallengeActive: (input, context) => setChallengeActive(context, input),
} satisfies Partial<Handlers>;
