import { z } from 'zod';
import { defineCall } from '../define';
import { bloodPressureSchema } from './blood-pressures';
import { bloodSugarSchema } from './blood-sugars';
import { bodyTemperatureSchema } from './body-temperatures';
import { vitalGoalsSchema } from './goals';
import { stepSchema } from './steps';
import { weightSchema } from './weights';

/**
 * The overview page and the home parcel in one read: the latest reading of each kind (null when
 * there is none), today's steps (Japan) against the goal, and the height the BMI needs.
 */
export const vitalsSummarySchema = z.object({
  bloodSugar: bloodSugarSchema.nullable(),
  bloodPressure: bloodPressureSchema.nullable(),
  weight: weightSchema.nullable(),
  bodyTemperature: bodyTemperatureSchema.nullable(),
  /** The most recent day with a count. */
  steps: stepSchema.nullable(),
  /** yyyy-MM-dd, today in Japan, and its count (0 when nothing is recorded yet). */
  today: z.object({ day: z.string(), steps: z.number() }),
  goals: vitalGoalsSchema,
  /** cm, from the profile; null until given. */
  height: z.number().nullable(),
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
