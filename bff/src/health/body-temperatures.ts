import type { BodyTemperature } from '@sukoyaka/contract';
import { bodyTemperatures } from '../db/schema';
import { isoTime } from '../platform/iso-time';
import { type AnsweredRow, readingService } from './readings';

type Row = AnsweredRow<typeof bodyTemperatures>;

const toBodyTemperature = (row: Row): BodyTemperature => ({
  id: row.id,
  measuredAt: isoTime(row.measuredAt),
  temperature: Number(row.temperature),
  source: row.source,
  createdAt: isoTime(row.createdAt),
});

export const bodyTemperatureService = readingService({
  type: 'bodyTemperature',
  table: bodyTemperatures,
  name: 'body_temperatures',
  toReading: toBodyTemperature,
});

export const bodyTemperatureValues = (input: { measuredAt: string; temperature: number }) => ({
  measuredAt: new Date(input.measuredAt),
  temperature: input.temperature,
});
