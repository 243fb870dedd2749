// The page's flat inputs (the schema's output, ../health/forecast-calls.ts) as the score takes them.
import type { ForecastInputKey, ForecastInputValues } from '../health/forecast-calls';
import { NO_CONDITIONS, type ForecastConditions, type ForecastInputs } from './score';

const CONDITION_KEYS = ['coronaryDisease', 'diabetes', 'ckd', 'pad', 'nonCardiogenicStroke'] as const satisfies ReadonlyArray<
  keyof ForecastConditions & ForecastInputKey
>;

/** The flat values as the score module takes them. */
export function toForecastInputs(values: ForecastInputValues): ForecastInputs {
  const conditions = { ...NO_CONDITIONS };
  for (const key of CONDITION_KEYS) conditions[key] = values[key];
  const { sex, age, systolic, ldl, hdl, impairedGlucose, smoker } = values;
  return { sex, age, systolic, ldl, hdl, impairedGlucose, smoker, conditions };
}
