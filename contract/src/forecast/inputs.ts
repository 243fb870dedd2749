// The inputs as the page and the calls hold them, flat (the health area's `forecastInputsInput`
// gives them this shape), and as the score takes them.
import { NO_CONDITIONS, type ForecastConditions, type ForecastInputs, type HisayamaInputs } from './score';

/** The score's inputs and each condition, side by side. */
export type FlatForecastInputs = HisayamaInputs & ForecastConditions;

const CONDITION_KEYS = Object.keys(NO_CONDITIONS) as Array<keyof ForecastConditions>;

/** The flat values as the score module takes them. */
export function toForecastInputs(values: FlatForecastInputs): ForecastInputs {
  const conditions = { ...NO_CONDITIONS };
  for (const key of CONDITION_KEYS) conditions[key] = values[key];
  const { sex, age, systolic, ldl, hdl, impairedGlucose, smoker } = values;
  return { sex, age, systolic, ldl, hdl, impairedGlucose, smoker, conditions };
}
