import { z } from 'zod/mini';
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

/**
 * A day over this many steps is implausible: a device's or the app's count above it is stored but
 * held for review (neither paid nor counted in competitions); a hand entry cannot exceed it.
 */
export const PLAUSIBLE_DAILY_STEPS = 100_000;

/** The sources whose counts step goals and competitions count: a device's or the app's, not a hand entry. */
export const MEASURED_STEP_SOURCES = ['wearable', 'app'] as const;

export const stepFields = {
  day: pastDay('日付'),
  steps: stepCount(),
};

/** A device's or the app's count (ingestVitals): up to 200,000 stored, over 100,000 held. */
export const deviceStepFields = {
  day: pastDay('日付'),
  steps: integerInRange('歩数', 0, 200000, '歩'),
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
