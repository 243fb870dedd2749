import type { BloodPressure, ParsedInput } from '@sukoyaka/contract';
import type { Executor } from '../db/client';
import { bloodPressures } from '../db/schema';
import { isoTime } from '../platform/iso-time';
import { type AnsweredRow, readingService, type PeriodInput } from './readings';

type Row = AnsweredRow<typeof bloodPressures>;

const toBloodPressure = (row: Row): BloodPressure => ({
  id: row.id,
  measuredAt: isoTime(row.measuredAt),
  systolic: row.systolic,
  diastolic: row.diastolic,
  pulse: row.pulse,
  source: row.source,
  createdAt: isoTime(row.createdAt),
});

export const bloodPressureService = readingService({
  type: 'bloodPressure',
  table: bloodPressures,
  name: 'blood_pressures',
  toReading: toBloodPressure,
});

/** The columns of a reading from what the member sent. */
export const bloodPressureValues = (input: {
  measuredAt: string;
  systolic: number;
  diastolic: number;
  pulse?: number | null | undefined;
}) => ({
  measuredAt: new Date(input.measuredAt),
  systolic: input.systolic,
  diastolic: input.diastolic,
  pulse: input.pulse ?? null,
});

export function saveBloodPressure(
  db: Executor,
  userId: string,
  input: ParsedInput<'saveBloodPressure'>,
  now: Date,
): Promise<BloodPressure> {
  return bloodPressureService.save(db, userId, bloodPressureValues(input), now);
}

/** The list's query without a period, its values as placeholders (userId, limit, afterAt, afterId). */
export function listBloodPressuresQuery(db: Executor, afterCursor: boolean) {
  return bloodPressureService.listQuery(db, afterCursor, false);
}

export function listBloodPressures(db: Executor, userId: string, input: PeriodInput) {
  return bloodPressureService.list(db, userId, input);
}
