import { z } from 'zod/mini';
import { decimalInRange, isoTimestamp, pastMoment } from '../fields';
import { defineVitalCalls } from './define-vital';
import { readingBase, readingId } from './vital-fields';

/** Weight in kg, 20.0–300.0 to 0.1, with body fat in %, 1.0–75.0 to 0.1, when the scale gives it. */
export const weightSchema = z.object({
  ...readingBase,
  measuredAt: isoTimestamp,
  weight: z.number(),
  bodyFat: z.nullable(z.number()),
});
export type Weight = z.infer<typeof weightSchema>;

/** A weight in kg (also the target weight of the goals). */
export const weightKg = (label = '体重') => decimalInRange(label, 20, 300, 1, 'kg');

export const weightFields = {
  measuredAt: pastMoment('測定日時'),
  weight: weightKg(),
  bodyFat: z.nullish(decimalInRange('体脂肪率', 1, 75, 1, '%')),
};
export const weightInput = z.object(weightFields);

export const weightCalls = defineVitalCalls({
  singular: 'Weight',
  plural: 'Weights',
  label: 'weight',
  input: weightInput,
  updateInput: () => z.object({ id: readingId, ...weightFields }),
  reading: weightSchema,
});
