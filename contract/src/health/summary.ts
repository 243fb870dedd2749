import { z } from 'zod/mini';
import { defineCall } from '../define';
import { bloodPressureSchema } from './blood-pressures';
import { bloodSugarSchema } from './blood-sugars';
import { bodyTemperatureSchema } from './body-temperatures';
import { vitalGoalsSchema } from './goals';
import { sleepSchema } from './sleeps';
import { stepSchema } from './steps';
import { weightSchema } from './weights';

/**
 * The overview page and the home parcel in one read: the latest reading of each kind (null when
 * there is none), today's steps (Japan) against the goal, and the height the BMI needs.
 */
export const vitalsSummarySchema = z.object({
  bloodSugar: z.nullable(bloodSugarSchema),
  bloodPressure: z.nullable(bloodPressureSchema),
  weight: z.nullable(weightSchema),
  bodyTemperature: z.nullable(bodyTemperatureSchema),
  /** The most recent sleep (by its wake moment). */
  sleep: z.nullable(sleepSchema),
  /** The most recent day with a count. */
  steps: z.nullable(stepSchema),
  /** yyyy-MM-dd, today in Japan, and its count (0 when nothing is recorded yet). */
  today: z.object({ day: z.string(), steps: z.number() }),
  goals: vitalGoalsSchema,
  /** cm, from the profile; null until given. */
  height: z.nullable(z.number()),
});
export type VitalsSummary = z.infer<typeof vitalsSummarySchema>;

export const getVitalsSummary = defineCall({
  name: 'getVitalsSummary',
  method: 'GET',
  access: 'member',
  summary: 'The latest reading of each vital, today’s steps against the goal, the goals and the height.',
  input: () => z.object({}),
  output: () => vitalsSummarySchema,
});
