import { z } from 'zod/mini';
import { documented } from '../documented';
import { integerInRange, isoTimestamp, pastMoment } from '../fields';
import { defineVitalCalls } from './define-vital';
import { readingBase, readingId } from './vital-fields';

/** Blood pressure: 最高血圧 60–300 mmHg, 最低血圧 30–200 mmHg and below it, 脈拍 20–250 回/分 (optional). */
export const bloodPressureSchema = z.object({
  ...readingBase,
  measuredAt: isoTimestamp,
  systolic: z.number(),
  diastolic: z.number(),
  pulse: z.nullable(z.number()),
});
export type BloodPressure = z.infer<typeof bloodPressureSchema>;

export const bloodPressureFields = {
  measuredAt: pastMoment('測定日時'),
  systolic: integerInRange('最高血圧', 60, 300, 'mmHg'),
  diastolic: integerInRange('最低血圧', 30, 200, 'mmHg'),
  pulse: z.nullish(integerInRange('脈拍', 20, 250, '回/分')),
};

const diastolicBelowSystolic = {
  path: ['diastolic'],
  error: '最低血圧は最高血圧より低い値を入力してください',
};

/** The rule across the two readings, as the OpenAPI document states it. */
export const DIASTOLIC_BELOW_SYSTOLIC = {
  'x-field-comparisons': [{ left: 'diastolic', operator: '<' as const, right: 'systolic' }],
  description: 'diastolic is below systolic.',
};

export const bloodPressureInput = documented(
  z.object(bloodPressureFields).check(z.refine((value) => value.diastolic < value.systolic, diastolicBelowSystolic)),
  DIASTOLIC_BELOW_SYSTOLIC,
);

export const bloodPressureCalls = defineVitalCalls({
  singular: 'BloodPressure',
  plural: 'BloodPressures',
  label: 'blood-pressure',
  input: bloodPressureInput,
  updateInput: () =>
    documented(
      z
        .object({ id: readingId, ...bloodPressureFields })
        .check(z.refine((value) => value.diastolic < value.systolic, diastolicBelowSystolic)),
      DIASTOLIC_BELOW_SYSTOLIC,
    ),
  reading: bloodPressureSchema,
});

export const saveBloodPressure = bloodPressureCalls.save;
export const listBloodPressures = bloodPressureCalls.list;
