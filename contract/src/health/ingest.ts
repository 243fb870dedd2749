import { z } from 'zod/mini';
import { documented } from '../documented';
import { defineCall } from '../define';
import { bloodPressureFields, DIASTOLIC_BELOW_SYSTOLIC } from './blood-pressures';
import { bloodSugarFields } from './blood-sugars';
import { bodyTemperatureFields } from './body-temperatures';
import { checkSleepSpan, sleepFields, sleepStagesInput, WAKE_AFTER_BEDTIME } from './sleeps';
import { deviceStepFields } from './steps';
import { weightFields } from './weights';

/*
 * The native apps' call: readings read from HealthKit / Health Connect on the phone, in batches,
 * each with the app's own id for it. Sending the same batch again (after a timeout, say) stores
 * each reading once: a reading is known by (member, source app, clientRecordId). Steps are one
 * count per day: a count for a day replaces the day's count (a phone sends its running total). A
 * sleep is bedtime and waking (`startedAt`, `measuredAt`) with the stages' minutes when known.
 */

export const MAX_INGEST_ITEMS = 500;

export const clientRecordId = z
  .string({ error: '記録IDを入力してください' })
  .check(
    z.minLength(1, '記録IDを入力してください'),
    z.maxLength(128, '記録IDは128文字以内で指定してください'),
    z.regex(/^[\x21-\x7e]+$/, '記録IDは半角英数字・記号で指定してください'),
  );

const item = <T extends string, S extends z.core.$ZodShape>(type: T, fields: S) =>
  z.object({ type: z.literal(type), clientRecordId, ...fields });

/** One reading as the app sends it: its type, its id in the app, and the type's own fields. */
export const vitalIngestItem = z.discriminatedUnion(
  'type',
  [
    item('bloodSugar', bloodSugarFields),
    documented(
      item('bloodPressure', bloodPressureFields).check(
        z.refine((value) => value.diastolic < value.systolic, {
          path: ['diastolic'],
          error: '最低血圧は最高血圧より低い値を入力してください',
        }),
      ),
      DIASTOLIC_BELOW_SYSTOLIC,
    ),
    item('weight', weightFields),
    item('steps', deviceStepFields),
    item('bodyTemperature', bodyTemperatureFields),
    // A night: bedtime, waking, and the stages' minutes when the phone has them.
    documented(item('sleep', { ...sleepFields, stages: z.nullish(sleepStagesInput) }).check(checkSleepSpan), WAKE_AFTER_BEDTIME),
  ],
  { error: '記録の種類（type）が正しくありません' },
);
export type VitalIngestItemInput = z.input<typeof vitalIngestItem>;
export type VitalIngestItem = z.output<typeof vitalIngestItem>;

export const ingestResultStatuses = ['stored', 'duplicate', 'rejected'] as const;

export const ingestVitalsOutput = z.object({
  /** One per item, in the order sent. */
  results: z.array(
    z.object({
      index: z.number(),
      clientRecordId: z.nullable(z.string()),
      /** stored: saved now; duplicate: already stored (nothing changed); rejected: see fields. */
      status: z.enum(ingestResultStatuses),
      /** The reading's id (stored or duplicate); null when rejected. */
      id: z.nullable(z.string()),
      /** Field → Japanese messages, as a 400 names them; only when rejected. */
      fields: z.optional(z.record(z.string(), z.array(z.string()))),
    }),
  ),
});
export type IngestVitalsOutput = z.infer<typeof ingestVitalsOutput>;

export const ingestVitals = defineCall({
  name: 'ingestVitals',
  method: 'POST',
  access: 'member',
  createsResource: true,
  // 500 readings of a few hundred bytes each, with room to spare.
  maxBodyBytes: 1024 * 1024,
  summary:
    'The native apps: stores a batch (1–500) of readings of any of the six types, each with a clientRecordId; idempotent per (member, app, clientRecordId); answers per item (stored / duplicate / rejected with the field errors).',
  input: () =>
    z.object({
      // Each item is checked on its own (vitalIngestItem), so one bad reading does not refuse the batch.
      items: documented(
        z
          .array(z.custom<VitalIngestItemInput>(), { error: '記録の一覧（items）を指定してください' })
          .check(
            z.minLength(1, '記録を1件以上指定してください'),
            z.maxLength(MAX_INGEST_ITEMS, `記録は一度に${MAX_INGEST_ITEMS}件まで送信できます`),
          ),
        // Each item is checked on its own: one that breaks this is answered `rejected`, not a 400.
        (toJson) => ({ items: toJson(vitalIngestItem) }),
      ),
    }),
  output: () => ingestVitalsOutput,
});
