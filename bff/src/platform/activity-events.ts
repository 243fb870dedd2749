// The only writer of activity_events: what a member did that any area may reward (incentives reads
// them). The area where it happened calls this inside its own transaction, so the event exists
// exactly when what it tells of was committed. Nothing here knows of any area: what an event earns
// is settled by the settler app.ts registers (the incentives area's earning).
import { count, eq, inArray, min, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { activityEvents } from '../db/schema';

/**
 * Records that the member did `kind` on `day` (yyyy-MM-dd, Japan). Once per member, kind and day:
 * a second reading the same day writes nothing more. True when the event is new (the writer then
 * settles it, `settleActivities`).
 */
export async function recordActivity(tx: Executor, userId: string, kind: string, day: string): Promise<boolean> {
  const recorded = await tx
    .insert(activityEvents)
    .values({ userId, kind, day })
    .onConflictDoNothing({ target: [activityEvents.userId, activityEvents.kind, activityEvents.day] })
    .returning({ id: activityEvents.id });
  return recorded.length > 0;
}

/** Many at once (a batch of readings): one statement, repeats skipped; how many are new. */
export async function recordActivities(tx: Executor, events: Array<{ userId: string; kind: string; day: string }>): Promise<number> {
  const unique = [...new Map(events.map((event) => [`${event.userId}|${event.kind}|${event.day}`, event] as const)).values()];
  if (unique.length === 0) return 0;
  const recorded = await tx
    .insert(activityEvents)
    .values(unique)
    .onConflictDoNothing({ target: [activityEvents.userId, activityEvents.kind, activityEvents.day] })
    .returning({ id: activityEvents.id });
  return recorded.length;
}

/** The kind a day whose steps reached the member's daily goal records (once per day). */
export const STEP_GOAL_REACHED = 'step_goal_reached';

/** The kind a saved vital reading records, e.g. `vital_recorded:weight`. */
export const vitalRecordedKind = (type: string) => `vital_recorded:${type}`;

/** A member left the service (account/leave.ts): what they did goes with them. */
export async function deleteActivitiesOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(activityEvents).where(eq(activityEvents.userId, userId));
}

/**
 * The events the earning rules have now looked at leave the queue (the earning job's batch, or a
 * write's own events): their marks were written in the same transaction.
 */
export async function markActivitiesSettled(tx: Executor, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await tx.update(activityEvents).set({ earningPending: false }).where(inArray(activityEvents.id, eventIds));
}

/**
 * The queue's length (counted up to `cap`, one range of its partial index) and its oldest
 * event's time, for /metrics.
 */
export async function pendingActivityLag(db: Executor, cap: number): Promise<{ backlog: number; oldestAt: Date | null }> {
  const [oldest] = await db
    .select({ at: min(activityEvents.createdAt) })
    .from(activityEvents)
    .where(sql`${activityEvents.earningPending}`);
  const [counted] = await db.select({ backlog: count() }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(activityEvents)
      .where(sql`${activityEvents.earningPending}`)
      .limit(cap)
      .as('pending'),
  );
  return { backlog: Number(counted?.backlog ?? 0), oldestAt: oldest?.at ?? null };
}

/** Settles what one member's unsettled events earn, inside the transaction it is given. */
export type ActivitySettler = (tx: Executor, userId: string, now: Date) => Promise<void>;

let settler: ActivitySettler | null = null;

/** Called by app.ts with the incentives area's earning (decision 0006). */
export function registerActivitySettler(settle: ActivitySettler): void {
  settler = settle;
}

/**
 * The end of a write that recorded the member's activity: what it earns is settled in the same
 * transaction, so the coins and points are there when the write answers (decision 0006: reads
 * never settle; the incentives job settles whatever no write did).
 */
export async function settleActivities(tx: Executor, userId: string, now: Date): Promise<void> {
  if (settler) await settler(tx, userId, now);
}
