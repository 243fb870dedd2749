import { z } from 'zod';
import { integerInRange, isoTimestamp } from '../fields';
import { defineVitalCalls } from './define-vital';
import { pastDay, readingBase, readingId } from './vital-fields';

/**
 * Steps: one count per day (yyyy-MM-dd in Japan, not in the future), 0–100,000. A later save for
 * the same day replaces the count, whichever source it came from (hand entry, Fitbit, the app).
 */
export const stepSchema = z.object({
  ...readingBase,
  day: z.string(),
  steps: z.number(),
  updatedAt: isoTimestamp,
});
export type Step = z.infer<typeof stepSchema>;

export const stepCount = () => integerInRange('歩数', 0, 100000, '歩');

export const stepFields = {
  day: pastDay('日付'),
  steps: stepCount(),
};
export const stepInput = z.object(stepFields);

export const stepCalls = defineVitalCalls({
  singular: 'Step',
  plural: 'Steps',
  label: 'daily step',
  input: stepInput,
  // The day is what a count is for: correcting it means the count; another day is another save.
  updateInput: () => z.object({ id: readingId, steps: stepCount() }),
  reading: stepSchema,
});
