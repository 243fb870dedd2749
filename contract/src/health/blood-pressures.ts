import { z } from 'zod';
import { defineCall } from '../define';
import { cursor, integerInRange, isoTimestamp, pageSize, pastMoment } from '../fields';

export const bloodPressureSchema = z.object({
  id: z.uuid(),
  measuredAt: isoTimestamp,
  systolic: z.number(),
  diastolic: z.number(),
  pulse: z.number().nullable(),
  createdAt: isoTimestamp,
});
export type BloodPressure = z.infer<typeof bloodPressureSchema>;

export const bloodPressureInput = z
  .object({
    measuredAt: pastMoment('測定日時'),
    systolic: integerInRange('最高血圧', 60, 300, 'mmHg'),
    diastolic: integerInRange('最低血圧', 30, 200, 'mmHg'),
    pulse: integerInRange('脈拍', 20, 250, '回/分').nullish(),
  })
  .refine((value) => value.diastolic < value.systolic, {
    path: ['diastolic'],
    error: '最低血圧は最高血圧より低い値を入力してください',
  });

export const saveBloodPressure = defineCall({
  name: 'saveBloodPressure',
  method: 'POST',
  access: 'member',
  summary: 'Records one blood-pressure reading of the member.',
  input: bloodPressureInput,
  output: bloodPressureSchema,
});

export const listBloodPressures = defineCall({
  name: 'listBloodPressures',
  method: 'GET',
  access: 'member',
  summary: "The member's blood-pressure readings, newest first, a page at a time.",
  input: z.object({ cursor: cursor.optional(), limit: pageSize() }),
  output: z.object({ items: z.array(bloodPressureSchema), nextCursor: z.string().nullable() }),
});
