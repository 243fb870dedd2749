import { z } from 'zod/mini';
import { integerInRange, isoTimestamp, pastMoment } from '../fields';
import { defineVitalCalls } from './define-vital';
import { readingBase, readingId } from './vital-fields';
import { bloodSugarTimings } from '../health-terms';

/** Blood sugar (glucose) in mg/dL, a whole number 20–800, with its timing. */
export const bloodSugarSchema = z.object({
  ...readingBase,
  measuredAt: isoTimestamp,
  glucose: z.number(),
  timing: z.enum(bloodSugarTimings),
});
export type BloodSugar = z.infer<typeof bloodSugarSchema>;

export const bloodSugarFields = {
  measuredAt: pastMoment('測定日時'),
  glucose: integerInRange('血糖値', 20, 800, 'mg/dL'),
  timing: z.enum(bloodSugarTimings, { error: '測定のタイミングを選択してください' }),
};
export const bloodSugarInput = z.object(bloodSugarFields);

export const bloodSugarCalls = defineVitalCalls({
  singular: 'BloodSugar',
  plural: 'BloodSugars',
  label: 'blood-sugar',
  input: bloodSugarInput,
  updateInput: () => z.object({ id: readingId, ...bloodSugarFields }),
  reading: bloodSugarSchema,
});
