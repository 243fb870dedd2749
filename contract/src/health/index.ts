import type { CallDefinition } from '../define';
import * as bloodPressures from './blood-pressures';
import { fitbitCalls } from './fitbit';

/** The health area's calls (mf-health, bff/src/health). */
export const healthCalls = {
  saveBloodPressure: bloodPressures.saveBloodPressure,
  listBloodPressures: bloodPressures.listBloodPressures,
  ...fitbitCalls,
} as const satisfies Record<string, CallDefinition>;

export { bloodPressureInput, bloodPressureSchema } from './blood-pressures';
export type { BloodPressure } from './blood-pressures';
export * from './fitbit';
