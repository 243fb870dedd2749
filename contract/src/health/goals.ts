import { z } from 'zod/mini';
import { defineCall } from '../define';
import { integerInRange } from '../fields';
import { weightKg } from './weights';

/** A daily step goal of 1,000–50,000 steps and a target weight (kg, 20.0–300.0); null: not set. */
export const vitalGoalsSchema = z.object({
  dailySteps: z.nullable(z.number()),
  targetWeight: z.nullable(z.number()),
});
export type VitalGoals = z.infer<typeof vitalGoalsSchema>;

export const vitalGoalsInput = z.object({
  dailySteps: z.pipe(
    z.nullish(integerInRange('1日の目標歩数', 1000, 50000, '歩')),
    z.transform((value) => value ?? null),
  ),
  targetWeight: z.pipe(
    z.nullish(weightKg('目標体重')),
    z.transform((value) => value ?? null),
  ),
});

export const getVitalGoals = defineCall({
  name: 'getVitalGoals',
  method: 'GET',
  access: 'member',
  summary: "The member's daily step goal and target weight (null when not set).",
  input: () => z.object({}),
  output: () => vitalGoalsSchema,
});

export const saveVitalGoals = defineCall({
  name: 'saveVitalGoals',
  method: 'POST',
  access: 'member',
  summary: 'Sets both goals at once; a goal left out or null is cleared.',
  input: () => vitalGoalsInput,
  output: () => vitalGoalsSchema,
});
