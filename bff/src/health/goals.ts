import type { VitalGoals } from '@sukoyaka/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { vitalGoals } from '../db/schema';

export async function getVitalGoals(db: Executor, userId: string): Promise<VitalGoals> {
  const [row] = await db.select().from(vitalGoals).where(eq(vitalGoals.userId, userId));
  return {
    dailySteps: row?.dailySteps ?? null,
    targetWeight: row?.targetWeight === null || row?.targetWeight === undefined ? null : Number(row.targetWeight),
  };
}

/** Both goals at once: what is left out is cleared. */
export async function saveVitalGoals(db: Executor, userId: string, goals: VitalGoals, now: Date): Promise<VitalGoals> {
  await db
    .insert(vitalGoals)
    .values({ userId, dailySteps: goals.dailySteps, targetWeight: goals.targetWeight, updatedAt: now })
    .onConflictDoUpdate({
      target: vitalGoals.userId,
      set: { dailySteps: sql`excluded.daily_steps`, targetWeight: sql`excluded.target_weight`, updatedAt: sql`excluded.updated_at` },
    });
  return getVitalGoals(db, userId);
}
