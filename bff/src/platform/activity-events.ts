// The only writer of activity_events: what a member did that any area may reward (incentives reads
// them). The area where it happened calls this inside its own transaction, so the event exists
// exactly when what it tells of was committed. Nothing here knows of any area.
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { activityEvents } from '../db/schema';

/**
 * Records that the member did `kind` on `day` (yyyy-MM-dd, Japan). Once per member, kind and day:
 * a second reading the same day writes nothing more.
 */
export async function recordActivity(tx: Executor, userId: string, kind: string, day: string): Promise<void> {
  await tx
    .insert(activityEvents)
    .values({ userId, kind, day })
    .onConflictDoNothing({ target: [activityEvents.userId, activityEvents.kind, activityEvents.day] });
}

/** Many at once (a batch of readings): one statement, repeats skipped. */
export async function recordActivities(tx: Executor, events: Array<{ userId: string; kind: string; day: string }>): Promise<void> {
  const unique = [...new Map(events.map((event) => [`${event.userId}|${event.kind}|${event.day}`, event] as const)).values()];
  if (unique.length === 0) return;
  await tx
    .insert(activityEvents)
    .values(unique)
    .onConflictDoNothing({ target: [activityEvents.userId, activityEvents.kind, activityEvents.day] });
}

/** The kind a day whose steps reached the member's daily goal records (once per day). */
export const STEP_GOAL_REACHED = 'step_goal_reached';

/** The kind a saved vital reading records, e.g. `vital_recorded:weight`. */
export const vitalRecordedKind = (type: string) => `vital_recorded:${type}`;

/** A member left the service (account/leave.ts): what they did goes with them. */
export async function deleteActivitiesOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(activityEvents).where(eq(activityEvents.userId, userId));
}
