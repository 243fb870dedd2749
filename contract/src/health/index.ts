import type { CallDefinition } from '../define';
import { bloodPressureCalls } from './blood-pressures';
import { bloodSugarCalls } from './blood-sugars';
import { bodyTemperatureCalls } from './body-temperatures';
import { fitbitCalls } from './fitbit';
import { forecastCalls } from './forecast-calls';
import { getVitalGoals, saveVitalGoals } from './goals';
import { ingestVitals } from './ingest';
import { healthOperatorCalls } from './operator-calls';
import { sleepCalls } from './sleeps';
import { stepCalls } from './steps';
import { getVitalsSummary } from './summary';
import { weightCalls } from './weights';

/** The health area's calls (mf-health, bff/src/health). */
export const healthCalls = {
  saveBloodSugar: bloodSugarCalls.save,
  listBloodSugars: bloodSugarCalls.list,
  updateBloodSugar: bloodSugarCalls.update,
  deleteBloodSugar: bloodSugarCalls.remove,
  saveBloodPressure: bloodPressureCalls.save,
  listBloodPressures: bloodPressureCalls.list,
  updateBloodPressure: bloodPressureCalls.update,
  deleteBloodPressure: bloodPressureCalls.remove,
  saveWeight: weightCalls.save,
  listWeights: weightCalls.list,
  updateWeight: weightCalls.update,
  deleteWeight: weightCalls.remove,
  saveStep: stepCalls.save,
  listSteps: stepCalls.list,
  updateStep: stepCalls.update,
  deleteStep: stepCalls.remove,
  saveBodyTemperature: bodyTemperatureCalls.save,
  listBodyTemperatures: bodyTemperatureCalls.list,
  updateBodyTemperature: bodyTemperatureCalls.update,
  deleteBodyTemperature: bodyTemperatureCalls.remove,
  saveSleep: sleepCalls.save,
  listSleeps: sleepCalls.list,
  updateSleep: sleepCalls.update,
  deleteSleep: sleepCalls.remove,
  getVitalGoals,
  saveVitalGoals,
  getVitalsSummary,
  ingestVitals,
  ...fitbitCalls,
  ...forecastCalls,
  ...healthOperatorCalls,
} as const satisfies Record<string, CallDefinition>;

export { bloodPressureFields, bloodPressureInput, bloodPressureSchema } from './blood-pressures';
export type { BloodPressure } from './blood-pressures';
export { bloodSugarFields, bloodSugarInput, bloodSugarSchema } from './blood-sugars';
export type { BloodSugar } from './blood-sugars';
export { weightFields, weightInput, weightKg, weightSchema } from './weights';
export type { Weight } from './weights';
export { MEASURED_STEP_SOURCES, PLAUSIBLE_DAILY_STEPS, deviceStepFields, stepCount, stepFields, stepInput, stepSchema } from './steps';
export type { Step } from './steps';
export { bodyTemperatureFields, bodyTemperatureInput, bodyTemperatureSchema } from './body-temperatures';
export type { BodyTemperature } from './body-temperatures';
export { MAX_SLEEP_HOURS, sleepFields, sleepInput, sleepSchema, sleepStagesInput } from './sleeps';
export type { Sleep, SleepStages } from './sleeps';
export { vitalGoalsInput, vitalGoalsSchema } from './goals';
export type { VitalGoals } from './goals';
export { vitalsSummarySchema } from './summary';
export type { VitalsSummary } from './summary';
export { MAX_INGEST_ITEMS, clientRecordId, ingestResultStatuses, ingestVitalsOutput, vitalIngestItem } from './ingest';
export type { IngestVitalsOutput, VitalIngestItem, VitalIngestItemInput } from './ingest';
export {
  MAX_PERIOD_DAYS,
  VITAL_NOT_EDITABLE_MESSAGE,
  VITAL_NOT_FOUND_MESSAGE,
  VitalErrorCodes,
  pastDay,
  periodQuery,
  readingId,
  vitalSource,
  vitalSources,
  vitalTypes,
} from './vital-fields';
export type { VitalSource, VitalType } from './vital-fields';
export * from './fitbit';
export * from './forecast-calls';
