import type { Handlers } from '../platform/handlers';
import { bloodPressureService, bloodPressureValues, listBloodPressures, saveBloodPressure } from './blood-pressures';
import { bloodSugarService, bloodSugarValues } from './blood-sugars';
import { bodyTemperatureService, bodyTemperatureValues } from './body-temperatures';
import { getDoctorProfile } from './doctor-profile';
import { fitbitHandlers } from './fitbit';
import {
  deleteHealthForecastSnapshot,
  getHealthForecast,
  listHealthForecastSnapshots,
  listSavedHealthForecasts,
  saveHealthForecastSnapshot,
} from './forecast';
import { getVitalGoals, saveVitalGoals } from './goals';
import { ingestVitals } from './ingest';
import { sleepService, sleepValues } from './sleeps';
import { deleteStep, listSteps, saveStep, updateStep } from './steps';
import { getVitalsSummary } from './summary';
import { weightService, weightValues } from './weights';

export const healthHandlers = {
  saveBloodSugar: (input, { db, member, now }) => bloodSugarService.save(db, member.id, bloodSugarValues(input), now),
  listBloodSugars: (input, { db, member }) => bloodSugarService.list(db, member.id, input),
  updateBloodSugar: (input, { db, member, now }) => bloodSugarService.update(db, member.id, input.id, bloodSugarValues(input), now),
  deleteBloodSugar: (input, { db, member }) => bloodSugarService.remove(db, member.id, input.id),

  saveBloodPressure: (input, { db, member, now }) => saveBloodPressure(db, member.id, input, now),
  listBloodPressures: (input, { db, member }) => listBloodPressures(db, member.id, input),
  updateBloodPressure: (input, { db, member, now }) =>
    bloodPressureService.update(db, member.id, input.id, bloodPressureValues(input), now),
  deleteBloodPressure: (input, { db, member }) => bloodPressureService.remove(db, member.id, input.id),

  saveWeight: (input, { db, member, now }) => weightService.save(db, member.id, weightValues(input), now),
  listWeights: (input, { db, member }) => weightService.list(db, member.id, input),
  updateWeight: (input, { db, member, now }) => weightService.update(db, member.id, input.id, weightValues(input), now),
  deleteWeight: (input, { db, member }) => weightService.remove(db, member.id, input.id),

  saveStep: (input, { db, member, now }) => saveStep(db, member.id, input, now),
  listSteps: (input, { db, member }) => listSteps(db, member.id, input),
  updateStep: (input, { db, member, now }) => updateStep(db, member.id, input, now),
  deleteStep: (input, { db, member }) => deleteStep(db, member.id, input.id),

  saveBodyTemperature: (input, { db, member, now }) => bodyTemperatureService.save(db, member.id, bodyTemperatureValues(input), now),
  listBodyTemperatures: (input, { db, member }) => bodyTemperatureService.list(db, member.id, input),
  updateBodyTemperature: (input, { db, member, now }) =>
    bodyTemperatureService.update(db, member.id, input.id, bodyTemperatureValues(input), now),
  deleteBodyTemperature: (input, { db, member }) => bodyTemperatureService.remove(db, member.id, input.id),

  saveSleep: (input, { db, member, now }) => sleepService.save(db, member.id, sleepValues(input), now),
  listSleeps: (input, { db, member }) => sleepService.list(db, member.id, input),
  updateSleep: (input, { db, member, now }) => sleepService.update(db, member.id, input.id, sleepValues(input), now),
  deleteSleep: (input, { db, member }) => sleepService.remove(db, member.id, input.id),

  getVitalGoals: (_input, { db, member }) => getVitalGoals(db, member.id),
  saveVitalGoals: (input, { db, member, now }) => saveVitalGoals(db, member.id, input, now),
  getVitalsSummary: (_input, { db, member, now }) => getVitalsSummary(db, member.id, now),
  ingestVitals: (input, { db, member, now }) => ingestVitals(db, member.id, input.items, now),

  getHealthForecast: (_input, { db, member, request, now }) => getHealthForecast(db, member.id, request.session!.row, now),
  saveHealthForecastSnapshot: (input, { db, member, now }) => saveHealthForecastSnapshot(db, member.id, input, now),
  listHealthForecastSnapshots: (input, { db, member, request, now }) =>
    listHealthForecastSnapshots(db, { userId: member.id, session: request.session!.row, now }, input),
  listSavedHealthForecasts: (input, { db, member, request, now }) =>
    listSavedHealthForecasts(db, { userId: member.id, session: request.session!.row, now }, input),
  deleteHealthForecastSnapshot: (input, { db, member }) => deleteHealthForecastSnapshot(db, member.id, input.id),
  getDoctorProfile: (_input, { db, member }) => getDoctorProfile(db, member?.associationId ?? null),

  ...fitbitHandlers,
} satisfies Partial<Handlers>;
