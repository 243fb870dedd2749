import type { BloodPressure, BloodSugar, BodyTemperature, Sleep, Step, VitalsSummary, Weight } from '@sukoyaka/contract';
import { formatISO } from 'date-fns';

/*
 * Readings for the component tests, built from local wall-clock times (jest runs in the
 * machine's zone): '2026年11月21日(土) 07:00' holds in any zone.
 */
export const NOW = new Date(2026, 10, 21, 12, 0);
export const localIso = (month: number, day: number, hour: number, minute = 0) => formatISO(new Date(2026, month - 1, day, hour, minute));
/** The week the pages open on: from the same weekday a week ago to today, in Japan. */
export const WEEK = { from: '2026-11-14', to: '2026-11-21' };

const base = (id: string, measuredAt: string, source: Weight['source'] = 'manual') => ({ id, source, createdAt: measuredAt, measuredAt });

export const weightReading = (
  id: string,
  measuredAt: string,
  weight: number,
  bodyFat: number | null = null,
  source?: Weight['source'],
): Weight => ({
  ...base(id, measuredAt, source),
  weight,
  bodyFat,
});
export const sugarReading = (id: string, measuredAt: string, glucose: number, timing: BloodSugar['timing']): BloodSugar => ({
  ...base(id, measuredAt),
  glucose,
  timing,
});
export const temperatureReading = (id: string, measuredAt: string, temperature: number): BodyTemperature => ({
  ...base(id, measuredAt),
  temperature,
});
export const pressureReading = (id: string, measuredAt: string, systolic: number, diastolic: number): BloodPressure => ({
  ...base(id, measuredAt),
  systolic,
  diastolic,
  pulse: null,
});
export const stepReading = (id: string, day: string, steps: number, source: Step['source'] = 'manual'): Step => ({
  id,
  source,
  day,
  steps,
  createdAt: `${day}T21:00:00+09:00`,
  updatedAt: `${day}T21:00:00+09:00`,
});

/** A night from bedtime to waking; with stages (a device's), asleep is light + deep + REM. */
export const sleepReading = (
  id: string,
  startedAt: string,
  measuredAt: string,
  stages: Sleep['stages'] = null,
  source: Sleep['source'] = 'manual',
): Sleep => ({
  ...base(id, measuredAt, source),
  startedAt,
  minutesAsleep: stages ? stages.light + stages.deep + stages.rem : Math.round((Date.parse(measuredAt) - Date.parse(startedAt)) / 60_000),
  stages,
});

export const summaryOf = (overrides: Partial<VitalsSummary> = {}): VitalsSummary => ({
  bloodSugar: null,
  bloodPressure: null,
  weight: null,
  bodyTemperature: null,
  sleep: null,
  steps: null,
  today: { day: '2026-11-21', steps: 0 },
  goals: { dailySteps: null, targetWeight: null },
  height: null,
  ...overrides,
});

export const member = {
  userId: 'u1',
  email: 'taro@example.jp',
  nickname: 'たろう',
  association: { id: 'a1', name: 'すこやか健康保険組合' },
  height: null,
};
