// Daily steps: one row per member and day (Japan). Whoever saves a day last wins — the member's
// hand entry, a Fitbit sync or the app — because each of them reports the day's total as it knows
// it now, and the newest total is the truest. The save is one upsert on (user_id, day), so two
// syncs that overlap (a scheduled one and one on demand) leave one row, never two.
// A count over PLAUSIBLE_DAILY_STEPS is stored `held` (for the record and for review) and records
// no activity: it is neither paid nor counted in competitions. Every saved day is told to the
// step-day observer (walking events' totals), a hand entry's correction not: it never counts there.
import {
  isUuid,
  japanDay,
  MEASURED_STEP_SOURCES,
  periodDays,
  PLAUSIBLE_DAILY_STEPS,
  type Step,
  type VitalSource,
} from '@sukoyaka/contract';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { steps, vitalGoals } from '../db/schema';
import { recordActivity, settleActivities, STEP_GOAL_REACHED, vitalRecordedKind } from '../platform/activity-events';
import { decodeCursor, keysetPage } from '../platform/cursor';
import { isoTime } from '../platform/iso-time';
import { stepDayChanged } from '../platform/step-days';
import { notEditable, readingNotFound, type PeriodInput } from './readings';

type Row = typeof steps.$inferSelect;

const KIND = vitalRecordedKind('steps');

export const toStep = (row: Row): Step => ({
  id: row.id,
  day: row.day,
  steps: row.steps,
  source: row.source,
  createdAt: isoTime(row.createdAt),
  updatedAt: isoTime(row.updatedAt),
});

export interface DailySteps {
  /** yyyy-MM-dd, the day in Japan. */
  day: string;
  steps: number;
  source: VitalSource;
  /** The app's id of the count (ingestVitals); none for a hand entry or a sync. */
  clientRecordId?: string | null;
}

/**
 * Saves the day's count, replacing what the day had (see above), and records the day's activity
 * event, in one transaction (a savepoint when `executor` already is one). `changed` is false when
 * the day already had this very count from the same source and record: nothing was written.
 * The Fitbit sync calls this for every day it fetched.
 */
export async function saveDailySteps(executor: Executor, userId: string, count: DailySteps): Promise<{ row: Row; changed: boolean }> {
  return executor.transaction(async (tx) => {
    const values = {
      userId,
      day: count.day,
      steps: count.steps,
      source: count.source,
      clientRecordId: count.clientRecordId ?? null,
      status: count.steps > PLAUSIBLE_DAILY_STEPS ? ('held' as const) : ('counted' as const),
    };
    const [row] = await tx
      .insert(steps)
      .values(values)
      .onConflictDoUpdate({
        target: [steps.userId, steps.day],
        set: {
          steps: sql`excluded.steps`,
          source: sql`excluded.source`,
          clientRecordId: sql`excluded.client_record_id`,
          status: sql`excluded.status`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(${steps.steps}, ${steps.source}, ${steps.clientRecordId}) is distinct from (excluded.steps, excluded.source, excluded.client_record_id)`,
      })
      .returning();
    if (row) {
      if (row.status === 'counted') await recordActivity(tx, userId, KIND, count.day);
      await recordStepGoalIfReached(tx, userId, row);
      // Walking events follow the day in this transaction (platform/step-days.ts, decision 0028).
      await stepDayChanged(tx, { userId, day: row.day, steps: row.steps, source: row.source, status: row.status });
      return { row, changed: true };
    }
    const [existing] = await tx
      .select()
      .from(steps)
      .where(and(eq(steps.userId, userId), eq(steps.day, count.day)));
    return { row: existing!, changed: false };
  });
}

/**
 * A day whose count reaches the member's daily step goal records `step_goal_reached` once (what
 * the incentives area rewards). Judged against the goal in force when the count arrives; a goal
 * changed later does not rewrite past days, and a count corrected downwards keeps the event.
 * Only a device's or the app's count reaches it (a hand entry is the member's word), and not a
 * held one.
 */
async function recordStepGoalIfReached(tx: Executor, userId: string, row: Pick<Row, 'day' | 'steps' | 'source' | 'status'>): Promise<void> {
  if (!countsForGoals(row)) return;
  const [goal] = await tx.select({ dailySteps: vitalGoals.dailySteps }).from(vitalGoals).where(eq(vitalGoals.userId, userId));
  const dailyGoal = goal?.dailySteps;
  if (dailyGoal !== null && dailyGoal !== undefined && row.steps >= dailyGoal) await recordActivity(tx, userId, STEP_GOAL_REACHED, row.day);
}

const countsForGoals = (row: Pick<Row, 'source' | 'status'>) =>
  row.status === 'counted' && (MEASURED_STEP_SOURCES as readonly string[]).includes(row.source);

export async function saveStep(db: Executor, userId: string, input: { day: string; steps: number }, now: Date): Promise<Step> {
  // What the count earns is settled with it (decision 0006).
  const { row } = await db.transaction(async (tx) => {
    const saved = await saveDailySteps(tx, userId, { day: input.day, steps: input.steps, source: 'manual' });
    if (saved.changed) await settleActivities(tx, userId, now);
    return saved;
  });
  return toStep(row);
}

/** Newest day first, a page at a time; the period's days bound the index range. */
export async function listSteps(db: Executor, userId: string, input: PeriodInput) {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const period = periodDays(input);
  const rows = await db
    .select()
    .from(steps)
    .where(
      and(
        eq(steps.userId, userId),
        period.from ? gte(steps.day, period.from) : undefined,
        period.to ? lte(steps.day, period.to) : undefined,
        // The keyset on (day, id): a cursor's time is the day at 00:00 UTC.
        after ? sql`(${steps.day}, ${steps.id}) < (${after.at.toISOString().slice(0, 10)}::date, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(steps.day), desc(steps.id))
    .limit(input.limit + 1);
  const page = keysetPage(rows, input.limit, (row) => ({ at: new Date(`${row.day}T00:00:00.000Z`), id: row.id }));
  return { items: page.rows.map(toStep), nextCursor: page.nextCursor };
}

async function ownManualStep(tx: Executor, userId: string, id: string) {
  if (!isUuid(id)) throw readingNotFound();
  const [row] = await tx
    .select({ id: steps.id, source: steps.source })
    .from(steps)
    .where(and(eq(steps.id, id), eq(steps.userId, userId)))
    .for('update');
  if (!row) throw readingNotFound();
  if (row.source !== 'manual') throw notEditable();
}

export async function updateStep(db: Executor, userId: string, input: { id: string; steps: number }, now: Date): Promise<Step> {
  const row = await db.transaction(async (tx) => {
    await ownManualStep(tx, userId, input.id);
    const [updated] = await tx
      .update(steps)
      .set({ steps: input.steps, updatedAt: now })
      .where(and(eq(steps.id, input.id), eq(steps.userId, userId)))
      .returning();
    // A hand entry reaches no goal (recordStepGoalIfReached): correcting one records nothing.
    return updated!;
  });
  return toStep(row);
}

export async function deleteStep(db: Executor, userId: string, id: string): Promise<{ id: string }> {
  await db.transaction(async (tx) => {
    await ownManualStep(tx, userId, id);
    await tx.delete(steps).where(and(eq(steps.id, id), eq(steps.userId, userId)));
  });
  return { id };
}

export async function latestSteps(db: Executor, userId: string): Promise<Step | null> {
  const [row] = await db.select().from(steps).where(eq(steps.userId, userId)).orderBy(desc(steps.day), desc(steps.id)).limit(1);
  return row ? toStep(row) : null;
}

/** Today's count in Japan (0 when nothing is recorded yet). */
export async function todaysSteps(db: Executor, userId: string, now: Date): Promise<{ day: string; steps: number }> {
  const day = japanDay(now);
  const [row] = await db
    .select({ steps: steps.steps })
    .from(steps)
    .where(and(eq(steps.userId, userId), eq(steps.day, day)));
  return { day, steps: row?.steps ?? 0 };
}
