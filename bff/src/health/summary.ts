import type { VitalsSummary } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { bloodPressureService } from './blood-pressures';
import { bloodSugarService } from './blood-sugars';
import { bodyTemperatureService } from './body-temperatures';
import { getVitalGoals } from './goals';
import { latestSteps, todaysSteps } from './steps';
import { weightService } from './weights';

/** The overview: each latest reading is one index probe (the list's index, first row). */
export async function getVitalsSummary(db: Executor, userId: string, now: Date): Promise<VitalsSummary> {
  const [bloodSugar, bloodPressure, weight, bodyTemperature, steps, today, goals, [profile]] = await Promise.all([
    bloodSugarService.latest(db, userId),
    bloodPressureService.latest(db, userId),
    weightService.latest(db, userId),
    bodyTemperatureService.latest(db, userId),
    latestSteps(db, userId),
    todaysSteps(db, userId, now),
    getVitalGoals(db, userId),
    // The height is the profile's (account writes it); the BMI on the health pages reads it.
    db.select({ height: users.height }).from(users).where(eq(users.id, userId)),
  ]);
  return {
    bloodSugar,
    bloodPressure,
    weight,
    bodyTemperature,
    steps,
    today,
    goals,
    height: profile?.height === null || profile?.height === undefined ? null : Number(profile.height),
  };
}
