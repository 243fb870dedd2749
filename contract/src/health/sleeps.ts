import { z } from 'zod/mini';
import { documented } from '../documented';
import { integerInRange, isoTimestamp, pastMoment } from '../fields';
import { defineVitalCalls } from './define-vital';
import { readingBase, readingId } from './vital-fields';

/*
 * Sleep (issue 29): one night (or nap) from bedtime to waking. A night belongs to the day one
 * wakes on: `measuredAt` is the wake moment (the list's order, the chart's day, the operators'
 * figures), `startedAt` the bedtime. A hand entry gives the two moments and counts the whole span
 * as sleep; a wearable (Google Health) or the app may add minutes per stage, and then the minutes
 * asleep are light + deep + REM (awake minutes in bed are not sleep).
 */

/** The longest span one sleep may cover. */
export const MAX_SLEEP_HOURS = 24;
const MAX_SLEEP_MS = MAX_SLEEP_HOURS * 60 * 60 * 1000;

/** Minutes per stage. */
export const sleepStagesSchema = z.object({ awake: z.number(), light: z.number(), deep: z.number(), rem: z.number() });
export type SleepStages = z.infer<typeof sleepStagesSchema>;

export const sleepSchema = z.object({
  ...readingBase,
  /** The wake moment. */
  measuredAt: isoTimestamp,
  /** Bedtime. */
  startedAt: isoTimestamp,
  /** Minutes asleep: a hand entry's whole span; with stages, light + deep + REM. */
  minutesAsleep: z.number(),
  /** Minutes in each stage, when the device measured them; null otherwise. */
  stages: z.nullable(sleepStagesSchema),
});
export type Sleep = z.infer<typeof sleepSchema>;

export const sleepFields = {
  startedAt: pastMoment('就寝日時'),
  measuredAt: pastMoment('起床日時'),
};

const stageMinutes = (label: string) => integerInRange(label, 0, MAX_SLEEP_HOURS * 60, '分');

/** A device's stages (ingestVitals): minutes in each, each 0–1440. */
export const sleepStagesInput = z.object({
  awake: stageMinutes('覚醒の時間'),
  light: stageMinutes('浅い睡眠の時間'),
  deep: stageMinutes('深い睡眠の時間'),
  rem: stageMinutes('レム睡眠の時間'),
});

/** The rule across the two moments, as the OpenAPI document states it. */
export const WAKE_AFTER_BEDTIME = {
  'x-field-comparisons': [{ left: 'startedAt', operator: '<' as const, right: 'measuredAt', maxDays: 1 }],
  description: `startedAt is before measuredAt, at most ${MAX_SLEEP_HOURS} hours before.`,
};

/** The span's checks: waking after bedtime, within a day; a device's stages not longer than the span. */
export const checkSleepSpan = z.superRefine(
  (
    value: {
      startedAt: string;
      measuredAt: string;
      stages?: { awake: number; light: number; deep: number; rem: number } | null | undefined;
    },
    ctx,
  ) => {
    const start = Date.parse(value.startedAt);
    const end = Date.parse(value.measuredAt);
    if (Number.isNaN(start) || Number.isNaN(end)) return;
    if (end <= start) ctx.addIssue({ code: 'custom', path: ['measuredAt'], message: '起床日時は就寝日時より後の日時を入力してください' });
    else if (end - start > MAX_SLEEP_MS)
      ctx.addIssue({ code: 'custom', path: ['measuredAt'], message: `就寝から起床までは${MAX_SLEEP_HOURS}時間以内で入力してください` });
    else if (value.stages) {
      const { awake, light, deep, rem } = value.stages;
      // Whole minutes of each stage may round up: one minute per stage is forgiven.
      if (awake + light + deep + rem > Math.ceil((end - start) / 60_000) + 4)
        ctx.addIssue({ code: 'custom', path: ['stages'], message: '睡眠段階の合計が就寝から起床までの時間を超えています' });
    }
  },
);

export const sleepInput = documented(z.object(sleepFields).check(checkSleepSpan), WAKE_AFTER_BEDTIME);

export const sleepCalls = defineVitalCalls({
  singular: 'Sleep',
  plural: 'Sleeps',
  label: 'sleep',
  input: sleepInput,
  updateInput: () => documented(z.object({ id: readingId, ...sleepFields }).check(checkSleepSpan), WAKE_AFTER_BEDTIME),
  reading: sleepSchema,
});
