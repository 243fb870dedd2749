import type { BloodSugar, BloodSugarTiming } from '@sukoyaka/contract';
import { bloodSugarTimingLabels } from '@sukoyaka/contract/health-terms';
import type { AnyReading, VitalKind } from './kinds';

/*
 * What needs the contract's health module (its labels) beside a reading. Kept out of kinds.ts, which
 * the area's entry and /vitals load: the health module (7.8 KiB) comes only with the pages that
 * list, record or validate readings (build/shared.cjs, areaConfig: lazy for every area).
 */

/** The line under a reading's value: blood sugar's timing, a blood pressure's pulse, a weight's body fat. */
export function readingDetail(kind: VitalKind, reading: AnyReading): string | null {
  if (kind.key === 'bloodSugar') return bloodSugarTimingLabels[(reading as BloodSugar).timing];
  return (kind.detail as (r: AnyReading) => string | null)(reading);
}

/** The blood sugar form's timing choices, in the contract's order. */
export const BLOOD_SUGAR_TIMINGS = Object.entries(bloodSugarTimingLabels).map(([value, label]) => ({
  value: value as BloodSugarTiming,
  label,
}));
