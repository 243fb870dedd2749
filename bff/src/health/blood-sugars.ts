import type { BloodSugar } from '@sukoyaka/contract';
import { bloodSugars } from '../db/schema';
import { type AnsweredRow, readingService } from './readings';

type Row = AnsweredRow<typeof bloodSugars>;

const toBloodSugar = (row: Row): BloodSugar => ({
  id: row.id,
  measuredAt: row.measuredAt.toISOString(),
  glucose: row.glucose,
  timing: row.timing,
  source: row.source,
  createdAt: row.createdAt.toISOString(),
});

export const bloodSugarService = readingService({ type: 'bloodSugar', table: bloodSugars, name: 'blood_sugars', toReading: toBloodSugar });

export const bloodSugarValues = (input: { measuredAt: string; glucose: number; timing: BloodSugar['timing'] }) => ({
  measuredAt: new Date(input.measuredAt),
  glucose: input.glucose,
  timing: input.timing,
});
