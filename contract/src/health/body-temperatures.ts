import { z } from 'zod/mini';
import { decimalInRange, isoTimestamp, pastMoment } from '../fields';
import { defineVitalCalls } from './define-vital';
import { readingBase, readingId } from './vital-fields';

/** Body temperature in °C, 34.00–42.00 to 0.01. */
export const bodyTemperatureSchema = z.object({
  ...readingBase,
  measuredAt: isoTimestamp,
  temperature: z.number(),
});
export type BodyTemperature = z.infer<typeof bodyTemperatureSchema>;

export const bodyTemperatureFields = {
  measuredAt: pastMoment('測定日時'),
  temperature: decimalInRange('体温', 34, 42, 2, '℃'),
};
export const bodyTemperatureInput = z.object(bodyTemperatureFields);

export const bodyTemperatureCalls = defineVitalCalls({
  singular: 'BodyTemperature',
  plural: 'BodyTemperatures',
  label: 'body-temperature',
  input: bodyTemperatureInput,
  updateInput: () => z.object({ id: readingId, ...bodyTemperatureFields }),
  reading: bodyTemperatureSchema,
});
