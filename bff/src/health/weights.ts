import type { Weight } from '@sukoyaka/contract';
import { weights } from '../db/schema';
import { isoTime } from '../platform/iso-time';
import { type AnsweredRow, readingService } from './readings';

type Row = AnsweredRow<typeof weights>;

const toWeight = (row: Row): Weight => ({
  id: row.id,
  measuredAt: isoTime(row.measuredAt),
  weight: Number(row.weight),
  bodyFat: row.bodyFat === null ? null : Number(row.bodyFat),
  source: row.source,
  createdAt: isoTime(row.createdAt),
});

export const weightService = readingService({ type: 'weight', table: weights, name: 'weights', toReading: toWeight });

export const weightValues = (input: { measuredAt: string; weight: number; bodyFat?: number | null | undefined }) => ({
  measuredAt: new Date(input.measuredAt),
  weight: input.weight,
  bodyFat: input.bodyFat ?? null,
});
