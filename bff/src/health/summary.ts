import type { VitalsSummary } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { bloodPressureService } from './blood-pressures';
import { bloodSugarService } from './blood-sugars';
import { bodyTemperatureService } from './body-temperatures';
import { getVitalGoals } from './goals';
import { sleepService } from './sleeps';
import { latestSteps, todaysSteps } from './steps';
import { weightService } from './weights';

/**
 * The overview: each latest reading is one index probe (the list's index, first row). One after
 * the other on one connection: nine parallel queries would take nine of the pool's connections.
 */
export async function getVitalsSummary(db: Executor, userId: string, now: Date): Promise<VitalsSummary> {
  const bloodSugar = await bloodSugarService.latest(db, userId);
  const bloodPressure = await bloodPressureService.latest(db, userId);
  const weight = await weightService.latest(db, userId);
  const bodyTemperature = await bodyTemperatureService.latest(db, userId);
  const sleep = await sleepService.latest(db, userId);
  const steps = await latestSteps(db, userId);
  const today = await todaysSteps(db, userId, now);
  const goals = await getVitalGoals(db, userId);
  // The height is the profile's (account writes it); the BMI on the health pages reads it.
  const [profile] = await db.select({ height: users.height }).from(users).where(eq(users.id, userId));
  return {
    bloodSugar,
    bloodPressure,
    weight,
    bodyTemperature,
    sleep,
    steps,
    today,
    goals,
    height: profile?.height === null || profile?.height === undefined ? null : Number(profile.height),
  };
}
