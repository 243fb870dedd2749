import type { BloodSugar } from '@sukoyaka/contract';
import { bloodSugars } from '../db/schema';
import { isoTime } from '../platform/iso-time';
import { type AnsweredRow, readingService } from './readings';

type Row = AnsweredRow<typeof bloodSugars>;

const toBloodSugar = (row: Row): BloodSugar => ({
  id: row.id,
  measuredAt: isoTime(row.measuredAt),
  glucose: row.glucose,
  timing: row.timing,
  source: row.source,
  createdAt: isoTime(row.createdAt),
});

export const bloodSugarService = readingService({ type: 'bloodSugar', table: bloodSugars, name: 'blood_sugars', toReading: toBloodSugar });

export const bloodSugarValues = (input: { measuredAt: string; glucose: number; timing: BloodSugar['timing'] }) => ({
  measuredAt: new Date(input.measuredAt),
  glucose: input.glucose,
  timing: input.timing,
});
